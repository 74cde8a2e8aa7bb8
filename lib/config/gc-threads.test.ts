import { describe, expect, it } from 'vitest';
import { v8PoolSize } from './gc-threads';

describe("v8PoolSize (V8's helpers leave a core to the server's thread)", () => {
  it.each([
    [1, 1],
    [2, 1],
    [3, 2],
    [4, 3],
    [5, 4],
    [64, 4],
    [0, 1],
  ])('%i cores: %i helper threads', (cores, threads) => {
    expect(v8PoolSize(cores)).toBe(threads);
  });
});
