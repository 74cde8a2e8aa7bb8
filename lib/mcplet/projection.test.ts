import { describe, expect, it } from 'vitest';
import { projectForModel } from './projection';

describe('15: what the model sees of a tool result', () => {
  it('15: content only; structuredContent and _meta never reach the model', () => {
    const projected = projectForModel({
      content: [{ type: 'text', text: 'Found 2' }],
      structuredContent: { secret: 'view-only' },
      _meta: { internal: true },
    });
    expect(projected).toEqual([{ type: 'text', text: 'Found 2' }]);
    expect(JSON.stringify(projected)).not.toContain('view-only');
  });

  it('reduces resources to text and names unknown blocks', () => {
    expect(
      projectForModel({
        content: [
          { type: 'resource_link', uri: 'demo://a', name: 'A' },
          { type: 'resource', resource: { uri: 'demo://b', text: 'body' } },
          { type: 'resource', resource: { uri: 'demo://c', blob: 'AAAA' } },
          { type: 'audio', data: 'x' },
          null,
        ],
      }),
    ).toEqual([
      { type: 'text', text: '[resource link: demo://a (A)]' },
      { type: 'text', text: 'body' },
      { type: 'text', text: '[embedded resource: demo://c]' },
      { type: 'text', text: '[audio content omitted]' },
    ]);
  });

  it('15: says so when there is no text at all', () => {
    expect(projectForModel({ structuredContent: { a: 1 } })).toEqual([
      { type: 'text', text: 'The tool returned no text content.' },
    ]);
    expect(projectForModel({ isError: true, content: 'nope' })).toEqual([
      { type: 'text', text: 'The tool failed without a message.' },
    ]);
  });

  it('keeps images for models that accept them', () => {
    expect(projectForModel({ content: [{ type: 'image', data: 'AAA', mimeType: 'image/png' }] })).toEqual([
      { type: 'image', data: 'AAA', mimeType: 'image/png' },
    ]);
  });
});
