import { describe, expect, it } from 'vitest';
import { blocksText, downloadName, gateRefusalError, safeLink, VIEW_ERROR_CODES } from './view-requests';

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

describe("a view's call the user did not let through", () => {
  it('a cancel is a JSON-RPC error with the cancel code and plain words, not an internal error', () => {
    const error = gateRefusalError('cancelled');
    expect([error.code, error.message, error.data]).toEqual([
      VIEW_ERROR_CODES.cancelled,
      'You cancelled this action, so nothing was done.',
      { reason: 'cancelled' },
    ]);
    expect(error.code).not.toBe(-32603);
  });

  it('a timeout and a failed passkey say so, each with its own code and no protocol text', () => {
    expect(gateRefusalError('expired')).toMatchObject({
      code: VIEW_ERROR_CODES.timedOut,
      message: 'The confirmation timed out, so nothing was done.',
    });
    expect(gateRefusalError('ceremony-failed').code).toBe(VIEW_ERROR_CODES.refused);
    for (const reason of ['cancelled', 'expired', 'ceremony-failed', 'fido2-unavailable'] as const)
      expect(gateRefusalError(reason).message).not.toMatch(/MCP error|AUTH_|-32\d{3}|the user/i);
  });
});
