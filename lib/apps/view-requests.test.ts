import { describe, expect, it } from 'vitest';
import { blocksText, downloadName, safeLink } from './view-requests';

describe('view request helpers', () => {
  it('ui/open-link: only http(s) URLs', () => {
    expect(safeLink('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeLink('javascript:alert(1)')).toBeNull();
    expect(safeLink('data:text/html,<script>')).toBeNull();
    expect(safeLink('file:///etc/passwd')).toBeNull();
    expect(safeLink('not a url')).toBeNull();
    expect(safeLink(42)).toBeNull();
  });

  it('reads text from content blocks, one block or many', () => {
    expect(
      blocksText([
        { type: 'text', text: 'a' },
        { type: 'image', data: 'x' },
        { type: 'text', text: 'b' },
      ]),
    ).toBe('a\nb');
    expect(blocksText({ type: 'text', text: 'single' })).toBe('single');
    expect(blocksText(undefined, { selected: 'r-1' })).toBe('{"selected":"r-1"}');
  });

  it('ui/download-file: file names cannot climb directories or carry odd characters', () => {
    expect(downloadName('file:///tmp/report.csv')).toBe('report.csv');
    expect(downloadName('ui://x/../../etc/passwd')).toBe('passwd');
    expect(downloadName('demo://a/..')).toBe('download');
    expect(downloadName('demo://a/b c$(x).txt')).toBe('b_c__x_.txt');
    expect(downloadName(undefined)).toBe('download');
  });
});
