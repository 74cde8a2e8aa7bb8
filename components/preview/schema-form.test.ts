import { describe, expect, it } from 'vitest';
import { buildArgs, fieldsFor } from './schema-form';

const schema = {
  type: 'object',
  required: ['id', 'size'],
  properties: {
    id: { type: 'string', description: 'The id' },
    size: { type: 'integer', minimum: 1, maximum: 20 },
    price: { type: 'number' },
    vegan: { type: 'boolean' },
    cuisine: { type: 'string', enum: ['thai', 'french'] },
    tags: { type: 'array', items: { type: 'string' } },
    note: { type: ['string', 'null'] },
  },
};

describe('preview form from an inputSchema', () => {
  it('makes one field per property with its kind and requirement', () => {
    expect(fieldsFor(schema).map((f) => [f.name, f.kind, f.required])).toEqual([
      ['id', 'text', true],
      ['size', 'number', true],
      ['price', 'number', false],
      ['vegan', 'boolean', false],
      ['cuisine', 'enum', false],
      ['tags', 'json', false],
      ['note', 'text', false],
    ]);
  });

  it('returns no fields for schemas without properties', () => {
    expect(fieldsFor({ type: 'object' })).toEqual([]);
    expect(fieldsFor('nope')).toEqual([]);
  });

  it('builds typed arguments and leaves empty optional fields out', () => {
    const built = buildArgs(fieldsFor(schema), {
      id: 'r1',
      size: '4',
      price: '',
      vegan: true,
      tags: '["a"]',
      note: '',
    });
    expect(built).toEqual({ ok: true, args: { id: 'r1', size: 4, vegan: true, tags: ['a'] } });
  });

  it('reports a bad number or bad JSON against its field', () => {
    expect(buildArgs(fieldsFor(schema), { size: '2.5' })).toEqual({
      ok: false,
      error: 'size: "2.5" is not a whole number',
    });
    expect(buildArgs(fieldsFor(schema), { tags: '[a' })).toEqual({
      ok: false,
      error: 'tags: not valid JSON',
    });
  });
});
