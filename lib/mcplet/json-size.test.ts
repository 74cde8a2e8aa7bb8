import { describe, expect, it } from 'vitest';
import { jsonByteSize } from './json-size';

const exact = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');

/** A small deterministic generator: every JSON shape, escapes, multi-byte and lone surrogates. */
function random(seed: number, longest = 12) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const alphabet = [
    'a',
    'Z',
    '"',
    '\\',
    '\n',
    '\u0001',
    '\u007f',
    'é',
    '€',
    '😀',
    '\ud800',
    '\udc00',
    ' ',
    '/',
  ];
  const text = () =>
    Array.from(
      { length: Math.floor(next() * longest) },
      () => alphabet[Math.floor(next() * alphabet.length)],
    ).join('');
  const value = (depth: number): unknown => {
    const kind = Math.floor(next() * (depth > 3 ? 5 : 7));
    if (kind === 0) return null;
    if (kind === 1) return next() < 0.5;
    if (kind === 2) return Math.floor(next() * 1e6) / (next() < 0.5 ? 1 : 7) - 500;
    if (kind === 3 || kind === 4) return text();
    if (kind === 5) return Array.from({ length: Math.floor(next() * 5) }, () => value(depth + 1));
    return Object.fromEntries(
      Array.from({ length: Math.floor(next() * 5) }, () => [text(), value(depth + 1)]),
    );
  };
  return value;
}

describe('10.4 size bound: JSON byte length without stringifying', () => {
  it('equals Buffer.byteLength(JSON.stringify(x)) for every shape (2,000 generated values)', () => {
    for (let seed = 1; seed <= 2_000; seed++) {
      const value = random(seed)(0);
      expect(jsonByteSize(value), JSON.stringify(value)).toBe(exact(value));
    }
  });

  it('equals it for long strings too, measured by native scans (300 generated values)', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const value = random(seed, 900)(0);
      expect(jsonByteSize(value), JSON.stringify(value)).toBe(exact(value));
    }
    const escapes = Array.from({ length: 0x20 }, (_, c) => String.fromCharCode(c)).join('');
    for (const long of ['a'.repeat(300), `${escapes}"\\é€😀`.repeat(40), `${'x'.repeat(300)}\ud800`])
      expect(jsonByteSize({ long }), long.slice(0, 20)).toBe(exact({ long }));
  });

  it('counts what JSON.stringify drops or nulls, and numbers as it writes them', () => {
    const value = {
      a: undefined,
      b: [undefined, () => 1, 1e21, -0, 0.1, Number.NaN],
      c: Number.POSITIVE_INFINITY,
    };
    expect(jsonByteSize(value)).toBe(exact(value));
    expect(jsonByteSize('')).toBe(2);
    expect(jsonByteSize([])).toBe(2);
    expect(jsonByteSize({})).toBe(2);
  });

  it('stops early once past the limit', () => {
    const big = { rows: Array.from({ length: 10_000 }, () => 'x'.repeat(1_000)) };
    const size = jsonByteSize(big, 5_000);
    expect(size).toBeGreaterThan(5_000);
    expect(size).toBeLessThan(exact(big));
  });
});
