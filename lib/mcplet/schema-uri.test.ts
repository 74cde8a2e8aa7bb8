import { describe, expect, it } from 'vitest';
import { parseSchemaPayload, parseSchemaUri } from './schema-uri';

describe('9.3 schema URI convention', () => {
  it('9.3: v1 has no version segment; vN names the major version', () => {
    expect(parseSchemaUri('mcplet://tool-result-schema/search_restaurants')).toEqual({
      toolId: 'search_restaurants',
      major: 1,
    });
    expect(parseSchemaUri('mcplet://tool-result-schema/search_restaurants/v2')).toEqual({
      toolId: 'search_restaurants',
      major: 2,
    });
  });

  it.each([
    'mcplet://tool-result-schema/',
    'mcplet://tool-result-schema/a/v0',
    'mcplet://tool-result-schema/a/2',
    'mcplet://other/a',
    'https://tool-result-schema/a',
    'mcplet://tool-result-schema/a b',
    'mcplet://tool-result-schema/a/v2/extra',
  ])('9.3: refuses %s', (uri) => {
    expect(parseSchemaUri(uri)).toBeNull();
  });
});

describe('9.4 / 9.5 schema payload', () => {
  const v2 = { toolId: 's', major: 2 };

  it('9.4: reads version, schema and deprecation metadata', () => {
    const parsed = parseSchemaPayload(
      JSON.stringify({
        version: 2,
        schema: { type: 'object' },
        _meta: {
          createdAt: '2026-02-15T00:00:00.000Z',
          deprecated: true,
          deprecatedAt: '2026-03-01',
          sunsetDate: '2026-06-01',
        },
      }),
      v2,
    );
    expect(parsed).toEqual({
      ok: true,
      payload: {
        version: 2,
        schema: { type: 'object' },
        deprecated: true,
        deprecatedAt: '2026-03-01',
        sunsetDate: '2026-06-01',
        createdAt: '2026-02-15T00:00:00.000Z',
      },
    });
  });

  it('9.4: a bare JSON Schema is version 1 and not deprecated', () => {
    expect(parseSchemaPayload('{"type":"object"}', { toolId: 's', major: 1 })).toMatchObject({
      ok: true,
      payload: { version: 1, schema: { type: 'object' }, deprecated: false },
    });
  });

  it('9.5: a payload whose version disagrees with the URI is refused', () => {
    expect(parseSchemaPayload(JSON.stringify({ version: 1, schema: {} }), v2)).toMatchObject({ ok: false });
  });

  it('refuses non-JSON and non-objects', () => {
    expect(parseSchemaPayload('nope', v2)).toMatchObject({ ok: false, error: /not valid JSON/ });
    expect(parseSchemaPayload('[1]', v2)).toMatchObject({ ok: false, error: /not a JSON object/ });
  });
});
