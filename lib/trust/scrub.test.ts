import { describe, expect, it } from 'vitest';
import {
  createScrubSet,
  extendScrubSet,
  isScrubbable,
  MIN_SCRUB_LENGTH,
  scrubString,
  scrubValue,
  WITHHELD_MARKER,
} from './scrub';

const SECRET = 'plr_abc123 "quoted" & spaced/slash';
const set = createScrubSet([SECRET]);

describe('scrub: a value known sensitive is scrubbed from everything later', () => {
  it('a verbatim occurrence is replaced, every time it occurs', () => {
    expect(scrubString(`key ${SECRET}, again ${SECRET}.`, set)).toBe(
      `key ${WITHHELD_MARKER}, again ${WITHHELD_MARKER}.`,
    );
  });

  it('a JSON-escaped occurrence is replaced (a JSON string inside text)', () => {
    const text = JSON.stringify({ note: `the key is ${SECRET}` });
    const out = scrubString(text, set);
    expect(out).not.toContain(JSON.stringify(SECRET).slice(1, -1));
    expect(out).toContain(WITHHELD_MARKER);
  });

  it('URL-encoded occurrences are replaced (encodeURIComponent and form +)', () => {
    const encoded = encodeURIComponent(SECRET);
    const form = encoded.replaceAll('%20', '+');
    expect(scrubString(`https://x.test/?k=${encoded}`, set)).toBe(`https://x.test/?k=${WITHHELD_MARKER}`);
    expect(scrubString(`k=${form}&z=1`, set)).toBe(`k=${WITHHELD_MARKER}&z=1`);
  });

  it(`values shorter than ${MIN_SCRUB_LENGTH} characters are ignored`, () => {
    expect(MIN_SCRUB_LENGTH).toBe(8);
    const short = createScrubSet(['prod', 'true', '1234567']);
    expect(short.values).toEqual([]);
    expect(scrubString('prod is true, 1234567', short)).toBe('prod is true, 1234567');
    expect(createScrubSet(['12345678']).values).toEqual(['12345678']);
  });

  it('a value inside the marker is ignored, so the marker is never rewritten', () => {
    expect(isScrubbable('the user can see')).toBe(false);
    expect(createScrubSet(['the user can see', WITHHELD_MARKER]).values).toEqual([]);
  });

  it('later context (view model context, ui/message, derived results) is scrubbed deeply, keys too', () => {
    const later = {
      method: 'ui/update-model-context',
      params: { content: [{ type: 'text', text: `copied ${SECRET}` }], [SECRET]: [1, SECRET, null, true] },
    };
    const out = scrubValue(later, set);
    expect(JSON.stringify(out)).not.toContain('plr_abc123');
    expect(out.params.content[0]!.text).toBe(`copied ${WITHHELD_MARKER}`);
    expect(later.params.content[0]!.text).toBe(`copied ${SECRET}`);
  });

  it('a number equal to a known sensitive value is withheld; other numbers are not', () => {
    const pins = createScrubSet(['98765432']);
    expect(scrubValue({ pin: 98765432, count: 98765433, small: 3 }, pins)).toEqual({
      pin: WITHHELD_MARKER,
      count: 98765433,
      small: 3,
    });
  });

  it('a longer value is replaced whole even when a shorter one is inside it', () => {
    const nested = createScrubSet(['abcdefgh', 'xxabcdefghyy']);
    expect(scrubString('1 xxabcdefghyy 2 abcdefgh', nested)).toBe(
      `1 ${WITHHELD_MARKER} 2 ${WITHHELD_MARKER}`,
    );
  });

  it('scrubbing is idempotent', () => {
    const text = `a ${SECRET} b ${encodeURIComponent(SECRET)}`;
    const once = scrubString(text, set);
    expect(scrubString(once, set)).toBe(once);
  });

  it('the scrub set only grows, deduplicated', () => {
    const grown = extendScrubSet(set, ['another-secret-1', SECRET, 'tiny']);
    expect(grown.values).toEqual([SECRET, 'another-secret-1'].sort());
    expect(scrubString('another-secret-1', grown)).toBe(WITHHELD_MARKER);
  });

  it('an empty scrub set leaves values untouched', () => {
    const value = { a: ['x'] };
    expect(scrubValue(value, createScrubSet([]))).toBe(value);
  });
});
