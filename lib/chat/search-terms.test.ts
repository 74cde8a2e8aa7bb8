import { describe, expect, it } from 'vitest';
import { MATCH_END, MATCH_START, searchTerms, snippetRuns } from './search-terms';

describe('searchTerms: a typed search as prefixes, every word required', () => {
  it('makes each word a prefix, lower-cased, once', () => {
    expect(searchTerms('Refun policy refun')).toBe('refun:* & policy:*');
  });

  it('keeps letters and digits of any script, and nothing of query syntax', () => {
    expect(searchTerms("größe 42 & !(x) | 'y' <-> z:*")).toBe('größe:* & 42:* & x:* & y:* & z:*');
    expect(searchTerms('東京 café')).toBe('東京:* & café:*');
  });

  it('is null when nothing can be searched for', () => {
    expect(searchTerms('')).toBeNull();
    expect(searchTerms(' &|!() ')).toBeNull();
  });

  it('takes at most eight words, each at most 64 characters', () => {
    const many = Array.from({ length: 12 }, (_, i) => `w${i}`).join(' ');
    expect(searchTerms(many)?.split(' & ')).toHaveLength(8);
    expect(searchTerms('a'.repeat(200))).toBe(`${'a'.repeat(64)}:*`);
  });
});

describe('snippetRuns: the marked snippet as runs of text', () => {
  it('splits matched words from the rest', () => {
    expect(snippetRuns(`we ${MATCH_START}refund${MATCH_END} in a ${MATCH_START}week${MATCH_END}`)).toEqual([
      { text: 'we ', match: false },
      { text: 'refund', match: true },
      { text: ' in a ', match: false },
      { text: 'week', match: true },
    ]);
  });

  it('keeps markup as text', () => {
    expect(snippetRuns('<b>x</b>')).toEqual([{ text: '<b>x</b>', match: false }]);
  });
});
