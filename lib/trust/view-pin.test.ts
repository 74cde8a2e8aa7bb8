import { describe, expect, it } from 'vitest';
import { viewHash } from './tool-pin';
import { isPinnedView, PINNED_HTML_MAX, pinnedView, reviewView } from './view-pin';

const view = (html: string, connectDomains: string[] = []) =>
  pinnedView(html, viewHash(html), { connectDomains }, {});

describe('view pins: what is kept of a trusted view, and the review of a changed one', () => {
  it('keeps the HTML for the diff only up to its bound; size is counted in UTF-8 bytes', () => {
    expect(view('<p>é</p>')).toMatchObject({ size: 9, html: '<p>é</p>' });
    expect(view('x'.repeat(PINNED_HTML_MAX + 1)).html).toBeUndefined();
    expect(isPinnedView(view('<p>a</p>'))).toBe(true);
    // A pin stored before views were blocked holds nothing but its hash.
    expect(isPinnedView({})).toBe(false);
  });

  it('compares sizes, hashes, CSP and permissions, and diffs the HTML when both sides are kept', () => {
    const before = view('<p>one</p>', ['https://api.example.com']);
    const after = pinnedView(
      '<p>two</p>',
      viewHash('<p>two</p>'),
      { connectDomains: ['https://x.example'] },
      {
        microphone: {},
        camera: {},
      },
    );
    const review = reviewView(
      's',
      'ui://s/v.html',
      { hash: before.hash, pinnedAt: 't', view: before },
      after,
    );
    expect(review).toMatchObject({
      before: {
        hash: before.hash,
        size: 10,
        csp: { connectDomains: ['https://api.example.com'] },
        permissions: [],
      },
      after: { hash: after.hash, permissions: ['camera', 'microphone'] },
      html: { kind: 'diff' },
    });
  });

  it('says why there is no line diff: an old pin, a large HTML, or HTML that is not text', () => {
    const after = view('<p>two</p>');
    const reason = (pinned: Parameters<typeof reviewView>[2], now = after) => {
      const { html } = reviewView('s', 'ui://s/v.html', pinned, now);
      return html.kind === 'unavailable' ? html.reason : 'diff';
    };
    expect(reason({ hash: 'h', pinnedAt: 't' })).toMatch(/hash only/);
    expect(reason({ hash: 'h', pinnedAt: 't', view: view('x'.repeat(PINNED_HTML_MAX + 1)) })).toMatch(
      /trusted HTML is larger/,
    );
    expect(
      reason({ hash: 'h', pinnedAt: 't', view: view('<p/>') }, view('y'.repeat(PINNED_HTML_MAX + 1))),
    ).toMatch(/new HTML is larger/);
    expect(reason({ hash: 'h', pinnedAt: 't', view: view('<p/>') }, view('\u0000'))).toMatch(/not text/);
  });
});
