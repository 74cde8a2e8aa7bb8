import { describe, expect, it } from 'vitest';
import { mcpParamHeaderFault } from './mcp-param-headers';

const tool = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  ...extra,
});

describe('SEP-2243: x-mcp-header declarations that make a tool invalid', () => {
  it('valid: tokens on string, integer and boolean properties, nested through properties, unique', () => {
    expect(
      mcpParamHeaderFault(
        tool({
          region: { type: 'string', 'x-mcp-header': 'Region' },
          count: { type: 'integer', 'x-mcp-header': 'Count' },
          dry: { type: 'boolean', 'x-mcp-header': 'Dry-Run' },
          nested: { type: 'object', properties: { id: { type: 'string', 'x-mcp-header': 'Tenant_ID' } } },
          plain: { type: 'string' },
        }),
      ),
    ).toBeUndefined();
    expect(mcpParamHeaderFault(tool({}))).toBeUndefined();
    expect(mcpParamHeaderFault(undefined)).toBeUndefined();
  });

  it.each([
    ['empty', tool({ a: { type: 'string', 'x-mcp-header': '' } }), /non-empty/],
    ['not a string', tool({ a: { type: 'string', 'x-mcp-header': 7 } }), /non-empty string/],
    ['a space', tool({ a: { type: 'string', 'x-mcp-header': 'Two Words' } }), /not an HTTP token/],
    ['a delimiter', tool({ a: { type: 'string', 'x-mcp-header': 'a:b' } }), /not an HTTP token/],
    ['a non-ASCII letter', tool({ a: { type: 'string', 'x-mcp-header': 'Région' } }), /not an HTTP token/],
    ['a number property', tool({ a: { type: 'number', 'x-mcp-header': 'A' } }), /string, integer or boolean/],
    [
      'an object property',
      tool({ a: { type: 'object', 'x-mcp-header': 'A' } }),
      /string, integer or boolean/,
    ],
    ['an array property', tool({ a: { type: 'array', 'x-mcp-header': 'A' } }), /string, integer or boolean/],
    ['no type', tool({ a: { 'x-mcp-header': 'A' } }), /string, integer or boolean/],
    [
      'two names that differ only in case',
      tool({
        a: { type: 'string', 'x-mcp-header': 'Region' },
        b: { type: 'string', 'x-mcp-header': 'REGION' },
      }),
      /declared twice/,
    ],
    [
      'under items',
      tool({ a: { type: 'array', items: { type: 'string', 'x-mcp-header': 'A' } } }),
      /reached through/,
    ],
    ['under anyOf', tool({ a: { anyOf: [{ type: 'string', 'x-mcp-header': 'A' }] } }), /reached through/],
    ['in $defs', tool({}, { $defs: { d: { type: 'string', 'x-mcp-header': 'A' } } }), /reached through/],
    ['on the root', { type: 'object', 'x-mcp-header': 'A' }, /reached through/],
  ])('%s', (_name, schema, fault) => {
    expect(mcpParamHeaderFault(schema)).toMatch(fault);
  });
});
