import { describe, expect, it } from 'vitest';
import { parseZodInterpreted } from './zod-interpreted';

describe('parseZodInterpreted (the page parses with zod without compiling)', () => {
  it('sets jitless in the object zod reads its settings from', async () => {
    const realm: Record<string, unknown> = { window: {} };
    parseZodInterpreted(realm);
    expect(realm.__zod_globalConfig).toEqual({ jitless: true });
    const kept = { locale: 'en' };
    realm.__zod_globalConfig = kept;
    parseZodInterpreted(realm);
    expect(realm.__zod_globalConfig).toBe(kept);
    expect(kept).toEqual({ locale: 'en', jitless: true });
  });

  it('leaves a realm without a window (the server) compiling', () => {
    const realm: Record<string, unknown> = {};
    parseZodInterpreted(realm);
    expect(realm).toEqual({});
  });

  it('names the object zod’s own config() writes', async () => {
    const { config } = await import('zod/v4/core');
    expect(config()).toBe((globalThis as Record<string, unknown>).__zod_globalConfig);
  });
});
