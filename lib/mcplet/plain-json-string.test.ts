import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import wabt from 'wabt';
import { PLAIN_SCAN_MAX_CHARS, PLAIN_SCAN_WASM, plainJsonStringSize } from './plain-json-string';

const jsonSize = (text: string) => Buffer.byteLength(JSON.stringify(text), 'utf8');
/** What the scan must answer: the size when JSON.stringify writes the text unescaped, else undefined. */
const expected = (text: string) => (JSON.stringify(text) === `"${text}"` ? jsonSize(text) : undefined);

describe('plainJsonStringSize (10.4 size bound, the fast path of jsonByteSize)', () => {
  it('embeds exactly what its WebAssembly source compiles to', async () => {
    const source = readFileSync(new URL('./plain-json-string.wat', import.meta.url), 'utf8');
    const compiled = (await wabt()).parseWat('plain-json-string.wat', source).toBinary({}).buffer;
    expect(Buffer.from(compiled).toString('base64')).toBe(PLAIN_SCAN_WASM);
  });

  it('sizes a string with nothing to escape as JSON.stringify does, ASCII and multi-byte, at every length around a step', () => {
    for (let length = 0; length <= 200; length++) {
      for (const fill of ['a', 'é', '€', '😀', ' ', '/', '\u007f']) {
        const text = fill.repeat(length);
        expect(plainJsonStringSize(text), `${length} × ${fill}`).toBe(jsonSize(text));
      }
    }
  });

  it('finds each character JSON escapes at every position of a long string, the last byte included', () => {
    const escaped = ['"', '\\', ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code))];
    for (const char of escaped) {
      for (const at of [0, 1, 15, 16, 63, 64, 127, 300, 511]) {
        const text = `${'x'.repeat(at)}${char}${'y'.repeat(511 - at)}`;
        expect(plainJsonStringSize(text), `${JSON.stringify(char)} at ${at}`).toBeUndefined();
      }
    }
  });

  it('leaves a lone surrogate to the caller (JSON.stringify writes it as \\uXXXX)', () => {
    expect(plainJsonStringSize(`${'a'.repeat(300)}\ud800`)).toBeUndefined();
    expect(plainJsonStringSize(`\udc00${'a'.repeat(300)}`)).toBeUndefined();
  });

  it("is not misled by an earlier, longer string's bytes left in its memory", () => {
    expect(plainJsonStringSize(`${'a'.repeat(1_000)}"`)).toBeUndefined();
    expect(plainJsonStringSize('b'.repeat(700))).toBe(702);
    expect(plainJsonStringSize(`${'c'.repeat(2_000)}\n`)).toBeUndefined();
    expect(plainJsonStringSize('d'.repeat(1_990))).toBe(1_992);
  });

  it('agrees with JSON.stringify on random strings', () => {
    let state = 7;
    const next = () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state / 2_147_483_648;
    };
    const alphabet = ['a', 'Z', ' ', '~', 'é', '€', '😀', '"', '\\', '\n', '\u0001', '\u001f', '\ud800'];
    for (let i = 0; i < 2_000; i++) {
      const length = Math.floor(next() * 400);
      // Mostly plain, so both answers are exercised.
      const text = Array.from({ length }, () =>
        next() < 0.995 ? 'k' : alphabet[Math.floor(next() * alphabet.length)],
      ).join('');
      expect(plainJsonStringSize(text), JSON.stringify(text).slice(0, 40)).toBe(expected(text));
    }
  });

  it('grows its memory for a long string and declines one over its bound', () => {
    expect(plainJsonStringSize('€'.repeat(100_000))).toBe(300_002);
    expect(plainJsonStringSize('a'.repeat(PLAIN_SCAN_MAX_CHARS + 1))).toBeUndefined();
  });
});
