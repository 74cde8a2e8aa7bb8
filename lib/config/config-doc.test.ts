import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFields, renderConfigDoc } from './config-doc';
import { parseHostConfig } from './host-config';

const PAGE = join(import.meta.dirname, '..', '..', 'docs', 'configuration.md');

describe('docs/configuration.md is rendered from the tables the host checks', () => {
  it('is checked in as rendered (after changing a setting, run `npm run docs:config`)', () => {
    const stale = readFileSync(PAGE, 'utf8') !== renderConfigDoc();
    expect(stale, 'docs/configuration.md differs from its rendering: run `npm run docs:config`').toBe(false);
  });

  it('keeps its lines short: no table cell carries a paragraph', () => {
    const long = renderConfigDoc()
      .split('\n')
      .filter((line) => line.length > 110);
    expect(long).toEqual([]);
  });
});

describe('host.config.json: the JSON Schema is the table', () => {
  const fields = configFields();

  it('gives every field a one-line description', () => {
    expect(fields.length).toBeGreaterThan(40);
    expect(fields.filter((f) => !f.description).map((f) => f.path)).toEqual([]);
    expect(fields.filter((f) => /\n/.test(f.description ?? '')).map((f) => f.path)).toEqual([]);
  });

  it('shows the defaults the host applies to an empty file', () => {
    const parsed = parseHostConfig({});
    if (!parsed.ok) throw new Error(parsed.errors.join('; '));
    const applied = parsed.config as unknown as Record<string, Record<string, unknown>>;
    // Top-level fields and their direct children: where the host fills a default in.
    const checked = fields.filter(
      (f) => /^[a-zA-Z]+(\.[a-zA-Z]+)?$/.test(f.path) && f.default.startsWith('`'),
    );
    expect(checked.length).toBeGreaterThan(15);
    for (const field of checked) {
      const [top = '', child] = field.path.split('.');
      const value = child === undefined ? applied[top] : applied[top]?.[child];
      // maxBytes and maxTtlSeconds are the channel's own limits when the file sets none.
      if (value === undefined) continue;
      expect(field.default, field.path).toBe(`\`${JSON.stringify(value)}\``);
    }
  });
});
