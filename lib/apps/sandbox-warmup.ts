import { sandboxOriginFor } from './origins';

/**
 * The chat loads an empty page from a sandbox origin once it is idle, so the browser has
 * the renderer process that views' frames run in before the first view arrives (Chromium puts the
 * `*.sandbox.localhost` origins in one process of their own; starting it took the chat's thread
 * tens of milliseconds just as the first tool result came in).
 */
export const SANDBOX_WARMUP_PATH = '/sandbox-warmup';
/** Not hexadecimal, so never a server's label (lib/mcp/view-origin.ts hashes those). */
export const SANDBOX_WARMUP_LABEL = 'warmup';

export function sandboxWarmupUrl(pattern: string): string {
  return `${sandboxOriginFor(pattern, SANDBOX_WARMUP_LABEL)}${SANDBOX_WARMUP_PATH}`;
}

/** The empty page: nothing runs in it, nothing loads from it, and the browser may keep it a day. */
export function sandboxWarmupPage(): Response {
  return new Response('<!doctype html><title></title>', {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "default-src 'none'",
      'cache-control': 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    },
  });
}
