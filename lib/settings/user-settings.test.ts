import { describe, expect, it } from 'vitest';
import { MAX_CUSTOM_INSTRUCTIONS, parseSettingsPatch, resolveSettings } from './user-settings';

describe('user settings', () => {
  it('takes a partial patch and refuses unknown fields and overlong instructions, naming the field', () => {
    expect(parseSettingsPatch({ generateTitles: false })).toEqual({
      ok: true,
      patch: { generateTitles: false },
    });
    expect(parseSettingsPatch({ theme: 'dark' })).toMatchObject({ ok: false });
    const long = parseSettingsPatch({ customInstructions: 'x'.repeat(MAX_CUSTOM_INSTRUCTIONS + 1) });
    expect(long).toEqual({
      ok: false,
      error: `Cannot save the settings: customInstructions at most ${MAX_CUSTOM_INSTRUCTIONS} characters.`,
    });
    expect(parseSettingsPatch('nope')).toMatchObject({ ok: false });
  });

  it('reads anything stored as a whole shape, defaults for what is missing or wrong', () => {
    expect(resolveSettings(null)).toEqual({
      customInstructions: '',
      defaultModelId: null,
      generateTitles: null,
    });
    expect(resolveSettings({ defaultModelId: '', customInstructions: 'hi' })).toEqual({
      customInstructions: 'hi',
      defaultModelId: null,
      generateTitles: null,
    });
  });
});
