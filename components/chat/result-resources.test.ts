import { describe, expect, it } from 'vitest';
import { readableSize, resultResources } from './result-resources';
import { toolResultText } from './tool-result-text';

// MCP 2025-11-25 tool results: resource_link and embedded resource content, as the card lists them.
describe('the resources of a tool result', () => {
  const result = {
    content: [
      { type: 'text', text: 'Here are your files.' },
      {
        type: 'resource_link',
        uri: 'file:///reports/q3.pdf',
        name: 'q3.pdf',
        title: 'Third quarter report',
        mimeType: 'application/pdf',
        size: 2048,
        description: 'The report.',
      },
      { type: 'resource', resource: { uri: 'notes://today', mimeType: 'text/plain', text: 'Buy bread' } },
      { type: 'resource', resource: { uri: 'bin://logo.png', mimeType: 'image/png', blob: 'iVBORw0KGgo=' } },
    ],
  };

  it('names a link by its title and what the server said of it, and carries an embedded one from its own bytes', () => {
    expect(resultResources(result)).toEqual([
      {
        kind: 'link',
        uri: 'file:///reports/q3.pdf',
        label: 'Third quarter report',
        mimeType: 'application/pdf',
        size: 2048,
        description: 'The report.',
      },
      {
        kind: 'embedded',
        uri: 'notes://today',
        label: 'today',
        mimeType: 'text/plain',
        text: 'Buy bread',
        size: 9,
      },
      {
        kind: 'embedded',
        uri: 'bin://logo.png',
        label: 'logo.png',
        mimeType: 'image/png',
        blob: 'iVBORw0KGgo=',
        size: 8,
      },
    ]);
  });

  it('skips what is not a resource or is malformed, and a blob that is not base64', () => {
    expect(
      resultResources({
        content: [
          { type: 'resource_link' },
          { type: 'resource', resource: { text: 'no uri' } },
          { type: 'resource', resource: { uri: 'x://y', blob: '<script>' } },
          null,
          'text',
        ],
      }),
    ).toEqual([{ kind: 'embedded', uri: 'x://y', label: 'y' }]);
    expect(resultResources(null)).toEqual([]);
  });

  it('the text of the card names each resource rather than a bare content type', () => {
    expect(toolResultText(result)).toBe(
      'Here are your files.\n[resource: q3.pdf]\n[resource: notes://today]\n[resource: bin://logo.png]',
    );
  });

  it('says sizes as people read them', () => {
    expect(readableSize(512)).toBe('512 B');
    expect(readableSize(1536)).toBe('1.5 KB');
    expect(readableSize(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});
