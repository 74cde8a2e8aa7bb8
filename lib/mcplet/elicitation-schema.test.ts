import { describe, expect, it } from 'vitest';
import {
  checkElicitationUrl,
  defaultsOf,
  type ElicitationSchema,
  formFields,
  withDefaults,
} from './elicitation-schema';

const schema: ElicitationSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 1, maxLength: 40 },
    email: { type: 'string', format: 'email' },
    age: { type: 'integer', minimum: 0, maximum: 130, default: 30 },
    score: { type: 'number' },
    ok: { type: 'boolean', default: true },
    color: { type: 'string', enum: ['red', 'green'], default: 'green' },
    size: {
      type: 'string',
      oneOf: [
        { const: 's', title: 'Small' },
        { const: 'l', title: 'Large' },
      ],
    },
    legacy: { type: 'string', enum: ['a', 'b'], enumNames: ['Alpha', 'Beta'] },
    tags: { type: 'array', items: { type: 'string', enum: ['x', 'y'] }, minItems: 1, default: ['x'] },
    picks: { type: 'array', items: { anyOf: [{ const: 'p', title: 'Pea' }] }, maxItems: 1 },
  },
  required: ['name'],
};

describe('elicitation, requested schema (form mode, 2025-11-25)', () => {
  it('requested schema: every primitive kind becomes a field, in order, with its constraints', () => {
    const drawn = formFields(schema);
    expect(drawn.ok).toBe(true);
    if (!drawn.ok) return;
    const byName = Object.fromEntries(drawn.fields.map((f) => [f.name, f]));
    expect(drawn.fields.map((f) => f.name)).toEqual(Object.keys(schema.properties));
    expect(byName.name).toMatchObject({
      kind: 'text',
      label: 'Name',
      required: true,
      minLength: 1,
      maxLength: 40,
    });
    expect(byName.email).toMatchObject({ kind: 'text', format: 'email', required: false, label: 'email' });
    expect(byName.age).toMatchObject({ kind: 'number', integer: true, minimum: 0, maximum: 130 });
    expect(byName.score).toMatchObject({ kind: 'number', integer: false });
    expect(byName.ok).toMatchObject({ kind: 'boolean', default: true });
    expect(byName.color).toMatchObject({
      kind: 'select',
      choices: [
        { value: 'red', label: 'red' },
        { value: 'green', label: 'green' },
      ],
    });
    expect(byName.size).toMatchObject({
      kind: 'select',
      choices: [
        { value: 's', label: 'Small' },
        { value: 'l', label: 'Large' },
      ],
    });
    expect(byName.legacy).toMatchObject({
      kind: 'select',
      choices: [
        { value: 'a', label: 'Alpha' },
        { value: 'b', label: 'Beta' },
      ],
    });
    expect(byName.tags).toMatchObject({
      kind: 'multi-select',
      minItems: 1,
      choices: [{ value: 'x' }, { value: 'y' }],
    });
    expect(byName.picks).toMatchObject({
      kind: 'multi-select',
      maxItems: 1,
      choices: [{ value: 'p', label: 'Pea' }],
    });
  });

  it('requested schema: only flat primitives; a nested object or an unknown format is not drawn', () => {
    expect(formFields({ type: 'object', properties: { o: { type: 'object' } } })).toEqual({
      ok: false,
      reason: expect.stringContaining('"o" is not a primitive'),
    });
    expect(formFields({ type: 'object', properties: { u: { type: 'string', format: 'hostname' } } }).ok).toBe(
      false,
    );
    expect(
      formFields({ type: 'object', properties: { a: { type: 'array', items: { type: 'string' } } } }).ok,
    ).toBe(false);
  });

  it('requested schema, defaults: the form starts with them and an answer that leaves a field out takes it', () => {
    const drawn = formFields(schema);
    if (!drawn.ok) throw new Error('not drawn');
    expect(defaultsOf(drawn.fields)).toEqual({ age: 30, ok: true, color: 'green', tags: ['x'] });
    expect(withDefaults(drawn.fields, { name: 'Ada', ok: false })).toEqual({
      name: 'Ada',
      age: 30,
      ok: false,
      color: 'green',
      tags: ['x'],
    });
  });
});

describe('elicitation, URL mode safe URL handling (2025-11-25)', () => {
  it('URL mode: http and https pages are opened and named by their domain', () => {
    expect(checkElicitationUrl('https://auth.example.com/consent?x=1')).toEqual({
      ok: true,
      url: 'https://auth.example.com/consent?x=1',
      domain: 'auth.example.com',
    });
    expect(checkElicitationUrl('http://127.0.0.1:8080/a')).toMatchObject({ ok: true, domain: '127.0.0.1' });
  });

  it('URL mode: any other scheme, credentials in the URL or no URL at all is refused', () => {
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,hi', 'mailto:a@b.c'])
      expect(checkElicitationUrl(url)).toEqual({
        ok: false,
        reason: expect.stringContaining('only http and https'),
      });
    expect(checkElicitationUrl('https://user:pw@example.com/').ok).toBe(false);
    expect(checkElicitationUrl('not a url').ok).toBe(false);
  });
});
