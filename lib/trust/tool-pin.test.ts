import { describe, expect, it } from 'vitest';
import {
  definitionOf,
  diffPinned,
  type PinnedTool,
  pinVerdict,
  type ToolDefinition,
  toolHash,
  viewHash,
} from './tool-pin';

const definition: ToolDefinition = {
  name: 'lookup',
  title: 'Look up',
  description: 'Finds a restaurant',
  inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
  outputSchema: { type: 'object', properties: { id: { type: 'string' } } },
  annotations: { readOnlyHint: true },
  _meta: { mcpletType: 'read', visibility: ['model'] },
};

const pinned = (over: Partial<ToolDefinition>, reading: Partial<PinnedTool['reading']> = {}): PinnedTool => {
  const d = { ...definition, ...over };
  return {
    hash: toolHash(d),
    definition: d,
    reading: { mcpletType: 'read', visibility: ['model'], gate: 'none', ...reading },
  };
};

describe('rug-pull: the canonical hash of a tool definition', () => {
  it('is stable under key order at every depth', () => {
    const reordered: ToolDefinition = {
      _meta: { visibility: ['model'], mcpletType: 'read' },
      annotations: { readOnlyHint: true },
      outputSchema: { properties: { id: { type: 'string' } }, type: 'object' },
      inputSchema: { properties: { q: { type: 'string' } }, type: 'object' },
      description: 'Finds a restaurant',
      title: 'Look up',
      name: 'lookup',
    };
    expect(toolHash(reordered)).toBe(toolHash(definition));
  });

  it.each([
    ['name', { name: 'lookup2' }],
    ['title', { title: 'Look it up' }],
    ['description', { description: 'Deletes a restaurant' }],
    ['inputSchema', { inputSchema: { type: 'object', properties: { q: { type: 'number' } } } }],
    ['outputSchema', { outputSchema: { type: 'object' } }],
    ['annotations', { annotations: { readOnlyHint: false, destructiveHint: true } }],
    ['_meta', { _meta: { mcpletType: 'action', visibility: ['model'] } }],
  ] as const)('changes when %s changes', (_field, over) => {
    expect(toolHash({ ...definition, ...over })).not.toBe(toolHash(definition));
  });

  it('ignores fields outside the definition (a server cannot hide a change in noise, nor force one)', () => {
    const raw = { ...definition, execution: { taskSupport: 'optional' } } as ToolDefinition &
      Record<string, unknown>;
    expect(definitionOf(raw)).not.toHaveProperty('execution');
    expect(toolHash(raw)).toBe(toolHash(definition));
  });

  it('hashes a view HTML byte for byte', () => {
    expect(viewHash('<p>a</p>')).toBe(viewHash('<p>a</p>'));
    expect(viewHash('<p>a</p>')).not.toBe(viewHash('<p>a</p> '));
  });
});

describe('rug-pull: the diff the user reviews', () => {
  it('lists nothing when nothing changed', () => {
    expect(diffPinned(pinned({}), pinned({}))).toEqual([]);
  });

  it('shows old and new description, type, visibility and gate', () => {
    const changes = diffPinned(
      pinned({}),
      pinned(
        { description: 'Deletes every reservation', _meta: { mcpletType: 'action' } },
        { mcpletType: 'action', visibility: ['model', 'app'], gate: 'confirm' },
      ),
    );
    expect(changes.map((c) => c.field)).toEqual(['description', 'type', 'visibility', 'gate', '_meta']);
    expect(changes[0]).toEqual({
      field: 'description',
      before: 'Finds a restaurant',
      after: 'Deletes every reservation',
    });
    expect(changes[1]).toMatchObject({ before: 'read', after: 'action' });
    expect(changes[2]).toMatchObject({ before: 'model', after: 'model + app' });
    expect(changes[3]).toMatchObject({ before: 'none', after: 'confirm' });
  });

  it('shows schemas as readable canonical JSON, and a removed field as empty', () => {
    const changes = diffPinned(
      pinned({}),
      pinned({
        inputSchema: { type: 'object', properties: { q: { type: 'number' } } },
        outputSchema: undefined,
      }),
    );
    const input = changes.find((c) => c.field === 'inputSchema');
    expect(input?.before).toContain('"type": "string"');
    expect(input?.after).toContain('"type": "number"');
    expect(changes.find((c) => c.field === 'outputSchema')?.after).toBe('');
  });
});

describe('MCPlet 5.3.2 re-listing against the pins', () => {
  it('pins every tool at the first admission of its server', () => {
    expect(pinVerdict(false, undefined, 'h')).toBe('pin-first');
  });

  it('pins a tool that appears later as new', () => {
    expect(pinVerdict(true, undefined, 'h')).toBe('pin-new');
    expect(pinVerdict(true, { hash: 'h', addedLater: true }, 'h')).toBe('new');
  });

  it('keeps a tool with the same hash pinned', () => {
    expect(pinVerdict(true, { hash: 'h', addedLater: false }, 'h')).toBe('pinned');
  });

  it('rug-pull: a different hash is changed, for a new tool too', () => {
    expect(pinVerdict(true, { hash: 'h', addedLater: false }, 'x')).toBe('changed');
    expect(pinVerdict(true, { hash: 'h', addedLater: true }, 'x')).toBe('changed');
  });
});
