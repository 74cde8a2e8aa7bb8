import { describe, expect, it } from 'vitest';
import {
  attachmentIdOf,
  attachmentProblem,
  chatBodyLimit,
  formatBytes,
  limitProblem,
  modelProblem,
  modelTakes,
} from './attachment-rules';

const limits = { maxBytes: 1000, maxFiles: 2, types: ['image/*', 'application/pdf', 'text/plain'] };
const png = { name: 'cat.png', mediaType: 'image/png', size: 500 };

describe('attachment limits (host config `attachments`)', () => {
  it('lets through files within the count, the types and the size', () => {
    expect(
      limitProblem([png, { name: 'a.pdf', mediaType: 'application/pdf', size: 1000 }], limits),
    ).toBeNull();
  });

  it('refuses too many files, a type the host does not list, a file over the size and an empty one', () => {
    expect(limitProblem([png, png, png], limits)).toBe('At most 2 files can go with one message.');
    expect(
      limitProblem([{ name: 'x.exe', mediaType: 'application/x-msdownload', size: 10 }], limits),
    ).toMatch(/^"x\.exe" cannot be attached: this host does not take files of its type/);
    expect(limitProblem([{ ...png, size: 1001 }], limits)).toBe(
      '"cat.png" is too large (1001 bytes): the limit is 1000 bytes.',
    );
    expect(limitProblem([{ ...png, size: 0 }], limits)).toBe('"cat.png" is empty.');
    expect(limitProblem([png], { ...limits, maxFiles: 0 })).toBe('This host takes no attachments.');
  });

  it('sizes the chat body for the files base64 within the limits', () => {
    expect(chatBodyLimit({ ...limits, maxBytes: 3000, maxFiles: 2 })).toBe(1_000_000 + 2 * (4000 + 1000));
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatBytes(2048)).toBe('2 KB');
  });
});

describe("the model's capability", () => {
  it('takes text files from any model, and other types only where the model lists them', () => {
    expect(modelTakes([], 'text/plain')).toBe(true);
    expect(modelTakes([], 'application/json')).toBe(true);
    expect(modelTakes([], 'image/png')).toBe(false);
    expect(modelTakes(['image/*'], 'image/webp')).toBe(true);
    expect(modelTakes(['image/png'], 'image/jpeg')).toBe(false);
    expect(modelTakes(['image/png'], 'application/pdf')).toBe(false);
  });

  it('says which file the model will not take, and the host limits come first', () => {
    expect(modelProblem([png], [], 'fake-model-2')).toBe(
      'fake-model-2 does not take a PNG image ("cat.png"): remove it or pick another model.',
    );
    expect(modelProblem([png], ['image/png'], 'm')).toBeNull();
    expect(attachmentProblem([{ ...png, size: 5000 }], limits, [], 'm')).toMatch(/too large/);
  });

  it('reads an attachment id only from the host attachment URL', () => {
    expect(attachmentIdOf('/api/attachments/abcdefghijkl')).toBe('abcdefghijkl');
    expect(attachmentIdOf('/api/attachments/../secrets')).toBeNull();
    expect(attachmentIdOf('https://example.com/api/attachments/abcdefghijkl')).toBeNull();
  });
});
