import { describe, expect, it } from 'vitest';
import { safeNextPath } from './next-path';

describe('after sign-in the browser goes back only to this host', () => {
  it.each([
    ['/c/abc?x=1', '/c/abc?x=1'],
    ['/settings', '/settings'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
  ])('%s → %s', (raw, expected) => {
    expect(safeNextPath(raw)).toBe(expected);
  });
});
