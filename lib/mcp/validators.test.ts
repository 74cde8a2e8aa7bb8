import { describe, expect, it } from 'vitest';
import { cachedValidators, compileSchema, describeErrors } from './validators';

describe('schema compilation', () => {
  it("is bounded: schemas servers keep sending (new tool lists, each elicitation's form) do not pile up", () => {
    const first = compileSchema({
      type: 'object',
      properties: { n0: { type: 'integer' } },
      required: ['n0'],
    });
    if (!first.ok) throw new Error(first.error);
    for (let i = 1; i <= 1_200; i++)
      compileSchema({ type: 'object', properties: { [`n${i}`]: { type: 'integer' } } });
    const kept = cachedValidators();
    expect(kept.host).toBe(1_000);
    expect(kept.ajv).toBeLessThanOrEqual(1_100);
    // The evicted validator a live tool may still hold keeps working; asked again, it is compiled anew.
    expect(first.validate({ n0: 1 })).toBe(true);
    expect(first.validate({ n0: 'x' })).toBe(false);
    const again = compileSchema({
      type: 'object',
      properties: { n0: { type: 'integer' } },
      required: ['n0'],
    });
    expect(again.ok && again.validate !== first.validate).toBe(true);
  });

  it('compiles once and reuses the validator', () => {
    const a = compileSchema({ type: 'object', properties: { n: { type: 'integer' } } });
    const b = compileSchema({ type: 'object', properties: { n: { type: 'integer' } } });
    expect(a.ok && b.ok && a.validate === b.validate).toBe(true);
  });

  it('handles draft-07 schemas as emitted by MCP SDKs', () => {
    const compiled = compileSchema({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] } },
      required: ['pair'],
      additionalProperties: false,
    });
    if (!compiled.ok) throw new Error(compiled.error);
    expect(compiled.validate({ pair: ['a', 1] })).toBe(true);
    expect(compiled.validate({ pair: ['a', 'b'], extra: 1 })).toBe(false);
    expect(describeErrors(compiled.validate)).toMatch(/unknown property "extra"/);
  });

  it('validates formats and names missing properties (2020-12)', () => {
    const compiled = compileSchema({
      type: 'object',
      properties: { date: { type: 'string', format: 'date' } },
      required: ['date', 'guests'],
    });
    if (!compiled.ok) throw new Error(compiled.error);
    expect(compiled.validate({ date: 'tomorrow' })).toBe(false);
    const message = describeErrors(compiled.validate);
    expect(message).toMatch(/missing required property "guests"/);
    expect(message).toMatch(/\/date: must match format "date"/);
  });

  it('reports a schema that does not compile', () => {
    const compiled = compileSchema({ type: 'object', properties: { a: { type: 'no-such-type' } } });
    expect(compiled.ok).toBe(false);
  });
});
