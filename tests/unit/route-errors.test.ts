import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const APP = join(import.meta.dirname, '../../app');
const METHODS = 'GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS';

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(path);
    return entry.name === 'route.ts' ? [path] : [];
  });
}

// Every route answers the host's typed errors the same way (a 503 naming the database or shared
// state, with Retry-After; lib/http/route-handler.ts), so each exported handler is wrapped.
describe('every route handler maps the host error family to HTTP', () => {
  const files = routeFiles(APP);

  it('finds the routes', () => {
    expect(files.length).toBeGreaterThan(30);
  });

  it.each(files.map((f) => [relative(APP, f), f]))('%s exports only wrapped handlers', (_, file) => {
    const source = readFileSync(file, 'utf8');
    expect(source).not.toMatch(new RegExp(`export\\s+(async\\s+)?function\\s+(${METHODS})\\b`));
    const exported = [
      ...source.matchAll(new RegExp(`export\\s+const\\s+(${METHODS})\\s*=\\s*([\\w.]+)`, 'g')),
    ];
    expect(exported.length).toBeGreaterThan(0);
    for (const [, , wrapper] of exported) expect(wrapper).toBe('routeHandler');
  });
});
