import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import type { StoredAttachment } from '../db/queries/attachments';
import { HOST_SAMPLES } from '../trust/credential-fakes';
import { DEFAULT_CREDENTIAL_PATTERNS } from '../trust/credentials';
import { attachmentsForModel } from './attachment-parts';

const stored: StoredAttachment[] = [
  { id: 'image-0000001', name: 'dot.png', mediaType: 'image/png', size: 3, base64: 'AAEC' },
  {
    id: 'text-00000001',
    name: 'env.txt',
    mediaType: 'text/plain',
    size: 10,
    base64: Buffer.from(`config ${HOST_SAMPLES['openai-api-key']?.text}`).toString('base64'),
  },
];
const load = async (ids: readonly string[]) =>
  new Map(stored.filter((s) => ids.includes(s.id)).map((s) => [s.id, s] as const));

function history(...urls: string[]): UIMessage[] {
  return [
    {
      id: 'm1',
      role: 'user',
      parts: [
        ...urls.map((url) => ({ type: 'file' as const, mediaType: 'image/png', filename: 'f', url })),
        { type: 'text', text: 'look' },
      ],
    },
  ];
}

describe('attachments on the way to the model (attachment-parts.ts)', () => {
  it('gives a model that takes images the image as a file part with its bytes', async () => {
    const [message] = await attachmentsForModel(history('/api/attachments/image-0000001'), load, [
      'image/png',
    ]);
    expect(message?.parts[0]).toEqual({
      type: 'file',
      mediaType: 'image/png',
      filename: 'f',
      url: 'data:image/png;base64,AAEC',
    });
  });

  it('tells a model that takes no images what was not sent, without the bytes', async () => {
    const [message] = await attachmentsForModel(history('/api/attachments/image-0000001'), load, []);
    expect(message?.parts[0]).toEqual({
      type: 'text',
      text: '[The user attached a PNG image "f"; this model does not take it, so it is not shown.]',
    });
  });

  it('gives a text file as words with its credentials masked, as a tool output is', async () => {
    const secret = HOST_SAMPLES['openai-api-key']?.secret ?? 'unset';
    const [message] = await attachmentsForModel(history('/api/attachments/text-00000001'), load, [], {
      credentialPatterns: DEFAULT_CREDENTIAL_PATTERNS,
    });
    const part = message?.parts[0];
    expect(part?.type).toBe('text');
    const text = part?.type === 'text' ? part.text : '';
    expect(text).toContain('[The user attached the text file "f":]\nconfig key: ');
    expect(text).not.toContain(secret);
  });

  it('finds nothing for an attachment the loader does not give (another user’s)', async () => {
    const [message] = await attachmentsForModel(history('/api/attachments/not-yours-0001'), load, [
      'image/png',
    ]);
    expect(message?.parts[0]).toEqual({ type: 'text', text: '[The attached file "f" is not available.]' });
  });
});
