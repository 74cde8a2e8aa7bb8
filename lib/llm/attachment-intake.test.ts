import { describe, expect, it } from 'vitest';
import { HOST_SAMPLES } from '../trust/credential-fakes';
import { DEFAULT_CREDENTIAL_PATTERNS } from '../trust/credentials';
import { type IntakeRules, takeAttachments } from './attachment-intake';
import { parseChatRequest } from './chat-request';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const rules: IntakeRules = {
  limits: { maxBytes: 1000, maxFiles: 2, types: ['image/png', 'text/plain', 'application/pdf'] },
  accepts: ['image/png'],
  modelLabel: 'fake-model',
  credentialPatterns: DEFAULT_CREDENTIAL_PATTERNS,
};

function file(mediaType: string, base64: string, filename = 'f') {
  return { type: 'file', mediaType, filename, url: `data:${mediaType};base64,${base64}` };
}

/** The message as the chat request's parser hands it over. */
function message(...parts: unknown[]) {
  const parsed = parseChatRequest({
    id: 'c1',
    trigger: 'submit-message',
    message: { id: 'm1', role: 'user', parts: [...parts, { type: 'text', text: 'look' }] },
  });
  if (!parsed.ok || !parsed.request.message) throw new Error(parsed.ok ? 'no message' : parsed.error);
  return parsed.request.message;
}

describe('the server takes attached files only within its limits (attachment-intake.ts)', () => {
  it('stores an image the model takes and leaves its part naming the attachment', () => {
    const taken = takeAttachments(message(file('image/png', PNG, 'dot.png')), rules);
    expect(taken.ok).toBe(true);
    if (!taken.ok) return;
    expect(taken.files).toHaveLength(1);
    const [stored] = taken.files;
    expect(stored).toMatchObject({ name: 'dot.png', mediaType: 'image/png', size: 70, sealed: false });
    expect(taken.message.parts[0]).toEqual({
      type: 'file',
      mediaType: 'image/png',
      filename: 'dot.png',
      url: `/api/attachments/${stored?.id}`,
    });
  });

  it.each([
    [
      'a type the host does not list',
      file('image/gif', Buffer.from('GIF89a').toString('base64')),
      /does not take files of its type \(image\/gif\)/,
    ],
    [
      'a file over the size',
      file('text/plain', Buffer.from('x'.repeat(1001)).toString('base64')),
      /too large/,
    ],
    [
      'a type the model does not take',
      file('application/pdf', Buffer.from('%PDF-1.4').toString('base64')),
      /fake-model does not take a PDF/,
    ],
    [
      'bytes that are not the type named',
      file('image/png', Buffer.from('<html>').toString('base64')),
      /not the image\/png file/,
    ],
    [
      'a data URL of another type',
      { ...file('image/png', PNG), url: `data:text/plain;base64,${PNG}` },
      /two different types/,
    ],
  ])('refuses %s', (_name, part, error) => {
    const taken = takeAttachments(message(part), rules);
    expect(taken.ok).toBe(false);
    expect(!taken.ok && taken.error).toMatch(error);
  });

  it('refuses more files than the host allows', () => {
    const png = file('image/png', PNG);
    const taken = takeAttachments(message(png, png, png), rules);
    expect(!taken.ok && taken.error).toBe('At most 2 files can go with one message.');
  });

  it('seals at rest a text file that holds a credential, and keeps a stored one by its URL', () => {
    const sample = HOST_SAMPLES['openai-api-key']?.text ?? '';
    const taken = takeAttachments(
      message(file('text/plain', Buffer.from(sample).toString('base64'), 'env.txt'), {
        type: 'file',
        mediaType: 'image/png',
        url: '/api/attachments/earlier-file-1',
      }),
      rules,
    );
    expect(taken.ok && taken.files[0]?.sealed).toBe(true);
    expect(taken.ok && taken.refs).toEqual(['earlier-file-1']);
  });
});

describe('the chat request takes file parts and no other part a client makes up', () => {
  it.each([
    ['a file by another URL', { type: 'file', mediaType: 'image/png', url: 'https://example.com/x.png' }],
    [
      'a tool part',
      { type: 'tool-search', toolCallId: 'c', state: 'output-available', input: {}, output: {} },
    ],
    ['a data part of its own', { type: 'data-refusal', data: { text: 'x' } }],
    ['a file of a made-up type', { type: 'file', mediaType: 'image', url: `data:image;base64,${PNG}` }],
  ])('refuses %s', (_name, part) => {
    const parsed = parseChatRequest({
      id: 'c1',
      trigger: 'submit-message',
      message: { id: 'm1', role: 'user', parts: [part, { type: 'text', text: 'hi' }] },
    });
    expect(parsed.ok).toBe(false);
  });

  it('drops anything else the client puts in a file part', () => {
    const parts = message({ ...file('image/png', PNG), providerReference: { openai: 'file-1' } }).parts;
    expect(parts[0]).toEqual(file('image/png', PNG));
  });
});
