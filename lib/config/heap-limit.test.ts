import { describe, expect, it } from 'vitest';
import { DEFAULT_HEAP_MB, heapLimitMb } from './heap-limit';

describe('the Next server’s heap limit (HOST_HEAP_MB)', () => {
  it('defaults to 384 MB and takes a whole number of megabytes from 128', () => {
    expect(heapLimitMb({})).toBe(DEFAULT_HEAP_MB);
    expect(heapLimitMb({ HOST_HEAP_MB: '' })).toBe(384);
    expect(heapLimitMb({ HOST_HEAP_MB: '128' })).toBe(128);
    expect(heapLimitMb({ HOST_HEAP_MB: '2048' })).toBe(2048);
  });

  it('refuses anything else, naming the setting and the value', () => {
    for (const value of ['127', '1.5', '512MB', '-1', 'lots'])
      expect(heapLimitMb({ HOST_HEAP_MB: value })).toEqual({
        error: `HOST_HEAP_MB must be a whole number of megabytes, at least 128 (got "${value}").`,
      });
  });
});
