import { describe, expect, it } from 'vitest';
import { addLinksOf, checkResourceRead, readableResources } from './resource-reads';

/** A stored tool part whose model-facing result holds these blocks. */
function toolPart(serverId: string, content: unknown[]) {
  return {
    type: 'tool-files__list',
    state: 'output-available',
    output: { model: { result: { content } }, view: { serverId, toolName: 'list', sent: true } },
  };
}

const link = (uri: string) => ({ type: 'resource_link', uri, name: uri });

describe("the read tool's allow-list (docs/security.md: nothing the model says widens it)", () => {
  const history = [
    { parts: [{ type: 'data-resource', data: { serverId: 'docs', uri: 'file:///attached.md' } }] },
    { parts: [toolPart('files', [link('file:///a.txt'), { type: 'text', text: 'file:///b.txt' }])] },
  ];
  const allowed = readableResources(history);

  it('allows a URI a tool result of that server linked, and one the user attached', () => {
    expect(checkResourceRead(allowed, { serverId: 'files', uri: 'file:///a.txt' })).toEqual({
      ok: true,
      value: { serverId: 'files', uri: 'file:///a.txt' },
    });
    expect(checkResourceRead(allowed, { serverId: 'docs', uri: 'file:///attached.md' }).ok).toBe(true);
  });

  it('refuses a URI only mentioned in text, never linked', () => {
    const refused = checkResourceRead(allowed, { serverId: 'files', uri: 'file:///b.txt' });
    expect(refused.ok).toBe(false);
  });

  it('refuses a linked URI asked of another server', () => {
    expect(checkResourceRead(allowed, { serverId: 'docs', uri: 'file:///a.txt' }).ok).toBe(false);
  });

  it('without a server id: the one server that linked it, and a refusal when two did', () => {
    expect(checkResourceRead(allowed, { uri: 'file:///a.txt' })).toMatchObject({
      value: { serverId: 'files' },
    });
    const both = readableResources([
      { parts: [toolPart('files', [link('x://same')]), toolPart('other', [link('x://same')])] },
    ]);
    const asked = checkResourceRead(both, { uri: 'x://same' });
    expect(asked.ok).toBe(false);
    expect(asked.ok ? '' : asked.error).toContain('name the server');
  });

  it('a link the model was not given (withheld from the model-facing result) does not count', () => {
    // The stored raw result is in `view.result`; only `model` is what the model saw.
    const part = toolPart('files', []);
    const withRaw = {
      ...part,
      output: {
        ...part.output,
        view: { ...part.output.view, result: { content: [link('file:///hidden')] } },
      },
    };
    expect(checkResourceRead(readableResources([{ parts: [withRaw] }]), { uri: 'file:///hidden' }).ok).toBe(
      false,
    );
  });

  it('a tool part still running or failed adds nothing; malformed parts are ignored', () => {
    const running = { ...toolPart('files', [link('z://1')]), state: 'input-available' };
    const set = readableResources([
      { parts: [running, null, 'text', { type: 'data-resource', data: { uri: 3 } }] },
    ]);
    expect(set.size).toBe(0);
  });

  it('links of a result that arrives during the turn join the list', () => {
    const set = new Set<string>();
    addLinksOf(set, toolPart('files', [link('file:///new.txt')]).output);
    expect(checkResourceRead(set, { serverId: 'files', uri: 'file:///new.txt' }).ok).toBe(true);
  });

  it('several results of one call (an array of model-facing results) are all read', () => {
    const set = new Set<string>();
    addLinksOf(set, {
      model: [{ result: { content: [link('m://1')] } }, { result: { content: [link('m://2')] } }],
      view: { serverId: 's' },
    });
    expect(set.size).toBe(2);
  });

  it('arguments of the wrong shape are refused with a sentence', () => {
    for (const input of [
      null,
      'x',
      { uri: 3 },
      { uri: 'a', serverId: 4 },
      { uri: '' },
      { uri: 'a'.repeat(3000) },
    ])
      expect(checkResourceRead(allowed, input).ok).toBe(false);
  });
});
