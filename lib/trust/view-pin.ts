import type { ResourceCsp } from '../apps/csp';
import type { ResourcePermissions } from '../apps/sandbox';
import { type LineDiff, lineDiff } from './line-diff';

/**
 * The typed refusal of a view whose HTML changed since the user trusted it: the same `X_` family as a
 * changed tool's `X_TOOL_CHANGED`, answered with HTTP 409 until the user accepts the new HTML.
 */
export const VIEW_CHANGED = 'X_VIEW_CHANGED';

/**
 * The pinned HTML is kept for the review's line diff only up to this many characters: a pin is held
 * in memory by every instance and sent between them, so a bundle of megabytes is pinned by its hash,
 * size, CSP and permissions alone.
 */
export const PINNED_HTML_MAX = 128 * 1024;

/** What the host keeps of a view's HTML when it is pinned: enough to show the user what changed. */
export interface PinnedView {
  hash: string;
  /** UTF-8 bytes of the HTML. */
  size: number;
  csp: ResourceCsp;
  permissions: ResourcePermissions;
  /** The HTML itself, when it is at most `PINNED_HTML_MAX` characters. */
  html?: string;
}

export function pinnedView(
  html: string,
  hash: string,
  csp: ResourceCsp,
  permissions: ResourcePermissions,
): PinnedView {
  return {
    hash,
    size: new TextEncoder().encode(html).byteLength,
    csp,
    permissions,
    ...(html.length <= PINNED_HTML_MAX ? { html } : {}),
  };
}

/** A stored view pin as the database gives it back; pins written before views were blocked hold `{}`. */
export function isPinnedView(value: unknown): value is PinnedView {
  const v = value as Partial<PinnedView> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.hash === 'string' &&
    typeof v.size === 'number' &&
    typeof v.csp === 'object' &&
    typeof v.permissions === 'object'
  );
}

/** One side of the review; what an older pin did not record is absent. */
export interface ViewSide {
  hash: string;
  size?: number;
  csp?: ResourceCsp;
  /** The permission names declared (camera, microphone, …). */
  permissions?: string[];
}

export type HtmlComparison = { kind: 'diff'; diff: LineDiff } | { kind: 'unavailable'; reason: string };

/** A changed view as the user reviews it before accepting it. */
export interface ViewReview {
  serverId: string;
  uri: string;
  pinnedHash: string;
  currentHash: string;
  pinnedAt: string;
  before: ViewSide;
  after: ViewSide;
  html: HtmlComparison;
}

function side(view: PinnedView): ViewSide {
  return {
    hash: view.hash,
    size: view.size,
    csp: view.csp,
    permissions: Object.keys(view.permissions).sort(),
  };
}

function looksBinary(text: string): boolean {
  return text.includes('\u0000');
}

/** Old and new of a view: sizes, hashes, declared CSP and permissions, and a line diff of the HTML when both are kept. */
export function reviewView(
  serverId: string,
  uri: string,
  pinned: { hash: string; pinnedAt: string; view?: PinnedView },
  current: PinnedView,
): ViewReview {
  const before = pinned.view ? side(pinned.view) : { hash: pinned.hash };
  let html: HtmlComparison;
  if (pinned.view?.html === undefined)
    html = {
      kind: 'unavailable',
      reason: pinned.view
        ? `The trusted HTML is larger than ${PINNED_HTML_MAX / 1024} KB, so it was not kept for a line diff.`
        : 'The trusted HTML was pinned by its hash only, so there is no line diff.',
    };
  else if (current.html === undefined)
    html = {
      kind: 'unavailable',
      reason: `The new HTML is larger than ${PINNED_HTML_MAX / 1024} KB, too large for a line diff.`,
    };
  else if (looksBinary(pinned.view.html) || looksBinary(current.html))
    html = { kind: 'unavailable', reason: 'The HTML is not text, so there is no line diff.' };
  else html = { kind: 'diff', diff: lineDiff(pinned.view.html, current.html) };
  return {
    serverId,
    uri,
    pinnedHash: pinned.hash,
    currentHash: current.hash,
    pinnedAt: pinned.pinnedAt,
    before,
    after: side(current),
    html,
  };
}
