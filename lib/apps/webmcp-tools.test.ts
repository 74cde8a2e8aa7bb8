import { describe, expect, it } from 'vitest';
import { describeTool, errorResult, RegistrationError, toCallToolResult } from './webmcp-tools';

const execute = async () => 'ok';
const tool = (extra: Record<string, unknown> = {}) => ({
  name: 'notes.add',
  description: 'Adds a note',
  execute,
  ...extra,
});

function failure(run: () => unknown): RegistrationError {
  try {
    run();
  } catch (error) {
    if (error instanceof RegistrationError) return error;
    throw error;
  }
  throw new Error('expected a RegistrationError');
}

describe('WebMCP 3 / 4.2 registerTool: the name rule', () => {
  it.each(['a', 'notes.add', 'get-user_v2', 'A'.repeat(128)])('accepts %s', (name) => {
    expect(describeTool(tool({ name }), new Set()).listed.name).toBe(name);
  });

  it.each([
    ['empty', ''],
    ['129 characters', 'a'.repeat(129)],
    ['a space', 'bad name'],
    ['a slash', 'a/b'],
    ['a colon', 'a:b'],
    ['non-ASCII', 'café'],
    ['a zero-width space', 'a\u200bb'],
  ])('refuses a name with %s (InvalidStateError)', (_, name) => {
    expect(failure(() => describeTool(tool({ name }), new Set())).kind).toBe('InvalidStateError');
  });

  it('refuses a name already registered (InvalidStateError)', () => {
    expect(failure(() => describeTool(tool(), new Set(['notes.add']))).kind).toBe('InvalidStateError');
  });

  it('refuses an empty description (InvalidStateError)', () => {
    expect(failure(() => describeTool(tool({ description: '' }), new Set())).kind).toBe('InvalidStateError');
  });

  it('refuses a tool without a name, a description or an execute function (TypeError, WebIDL required)', () => {
    expect(failure(() => describeTool({ description: 'd', execute }, new Set())).kind).toBe('TypeError');
    expect(failure(() => describeTool({ name: 'n', execute }, new Set())).kind).toBe('TypeError');
    expect(failure(() => describeTool({ name: 'n', description: 'd' }, new Set())).kind).toBe('TypeError');
    expect(failure(() => describeTool(tool({ execute: 'run' }), new Set())).kind).toBe('TypeError');
    expect(failure(() => describeTool(null, new Set())).kind).toBe('TypeError');
  });

  it('converts the name and description like WebIDL DOMString does', () => {
    const { listed } = describeTool({ name: 42, description: 7, execute }, new Set());
    expect(listed).toMatchObject({ name: '42', description: '7' });
  });
});

describe('WebMCP 4.2 registerTool: the input schema', () => {
  it('an absent inputSchema is an empty object schema', () => {
    expect(describeTool(tool(), new Set()).listed.inputSchema).toEqual({ type: 'object', properties: {} });
  });

  it('keeps the schema as its JSON serialization (toJSON applies)', () => {
    const schema = { toJSON: () => ({ type: 'object', properties: { text: { type: 'string' } } }) };
    expect(describeTool(tool({ inputSchema: schema }), new Set()).listed.inputSchema).toEqual({
      type: 'object',
      properties: { text: { type: 'string' } },
    });
  });

  it('a schema without a type describes an object', () => {
    const inputSchema = { properties: { text: { type: 'string' } } };
    expect(describeTool(tool({ inputSchema }), new Set()).listed.inputSchema).toEqual({
      type: 'object',
      ...inputSchema,
    });
  });

  it('throws TypeError when the schema serializes to undefined (the draft example)', () => {
    expect(
      failure(() => describeTool(tool({ inputSchema: { toJSON: () => undefined } }), new Set())).kind,
    ).toBe('TypeError');
  });

  it('re-throws what JSON.stringify throws for a circular schema', () => {
    const inputSchema: Record<string, unknown> = { type: 'object' };
    inputSchema.self = inputSchema;
    expect(() => describeTool(tool({ inputSchema }), new Set())).toThrow(TypeError);
  });

  it.each([
    ['a string', 'object'],
    ['an array', [{ type: 'object' }]],
    ['a non-object type', { type: 'string' }],
  ])('refuses %s as the input schema (MCP tools take an object; TypeError)', (_, inputSchema) => {
    expect(failure(() => describeTool(tool({ inputSchema }), new Set())).kind).toBe('TypeError');
  });

  it('maps outputSchema with the same rule', () => {
    const outputSchema = { type: 'object', properties: { id: { type: 'string' } } };
    expect(describeTool(tool({ outputSchema }), new Set()).listed.outputSchema).toEqual(outputSchema);
    expect(failure(() => describeTool(tool({ outputSchema: { type: 'array' } }), new Set())).kind).toBe(
      'TypeError',
    );
  });
});

describe('WebMCP 4.2.1 tool fields → MCP Tool', () => {
  it('maps title, description and the default annotations', () => {
    const { listed, execute: run } = describeTool(tool({ title: 'Add a note' }), new Set());
    expect(listed).toEqual({
      name: 'notes.add',
      title: 'Add a note',
      description: 'Adds a note',
      inputSchema: { type: 'object', properties: {} },
      annotations: { readOnlyHint: false, untrustedContentHint: false },
    });
    expect(run).toBe(execute);
  });

  it('copies every hint into annotations (readOnlyHint, untrustedContentHint, humanInTheLoopHint, sensitiveHint, MCP hints)', () => {
    const annotations = {
      readOnlyHint: true,
      untrustedContentHint: 1,
      humanInTheLoopHint: 'review',
      sensitiveHint: true,
      destructiveHint: false,
      openWorldHint: true,
      idempotentHint: true,
      mcpletType: 'read',
    };
    expect(describeTool(tool({ annotations }), new Set()).listed.annotations).toEqual({
      readOnlyHint: true,
      untrustedContentHint: true,
      humanInTheLoopHint: 'review',
      sensitiveHint: true,
      destructiveHint: false,
      openWorldHint: true,
      idempotentHint: true,
    });
  });

  it('refuses a humanInTheLoopHint outside the enum (TypeError, WebIDL enum)', () => {
    expect(
      failure(() => describeTool(tool({ annotations: { humanInTheLoopHint: 'never' } }), new Set())).kind,
    ).toBe('TypeError');
  });

  it('keeps no field the draft does not define (no _meta, no MCPlet claims)', () => {
    const { listed } = describeTool(tool({ _meta: { mcpletType: 'read' }, readOnly: true }), new Set());
    expect(Object.keys(listed).sort()).toEqual(['annotations', 'description', 'inputSchema', 'name']);
  });
});

describe('WebMCP 4.2.1 execute → MCP CallToolResult', () => {
  it('a string is text', () => {
    expect(toCallToolResult('Added')).toEqual({ content: [{ type: 'text', text: 'Added' }] });
  });

  it('an MCP-shaped result passes with only its result fields', () => {
    const content = [{ type: 'text', text: 'hi' }];
    expect(toCallToolResult({ content, structuredContent: { a: 1 }, isError: true, extra: 1 })).toEqual({
      content,
      structuredContent: { a: 1 },
      isError: true,
    });
  });

  it('an object is its JSON as text and structured content', () => {
    expect(toCallToolResult({ reviews: [1] })).toEqual({
      content: [{ type: 'text', text: '{"reviews":[1]}' }],
      structuredContent: { reviews: [1] },
    });
  });

  it('a number or an array is JSON text only; nothing is an empty result', () => {
    expect(toCallToolResult(3)).toEqual({ content: [{ type: 'text', text: '3' }] });
    expect(toCallToolResult([1])).toEqual({ content: [{ type: 'text', text: '[1]' }] });
    expect(toCallToolResult(undefined)).toEqual({ content: [] });
  });

  it('a result that is not JSON is an error result', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(toCallToolResult(cyclic).isError).toBe(true);
  });

  it('a thrown error is an error result with its message', () => {
    expect(errorResult(new Error('no network'))).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'no network' }],
    });
  });
});
