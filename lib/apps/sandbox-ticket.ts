import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { hostKey } from '../db/host-key';

/** Tickets are minted per window: a hint and a resource read in one window name the same frame. */
export const TICKET_WINDOW_MS = 10 * 60 * 1000;

function keyOf(secret: Buffer): Buffer {
  return createHmac('sha256', secret).update('mcplet sandbox ticket v1').digest();
}

/** Enough of the view's hash to name the HTML a ticket was minted for. */
const HASH_CHARS = 16;

function sign(secret: Buffer, label: string, uri: string, view: string, window: number): string {
  return createHmac('sha256', keyOf(secret))
    .update(`${label}\n${uri}\n${view}\n${window}`)
    .digest('base64url')
    .slice(0, 32);
}

/**
 * The sandbox page of a server's view opens only with a ticket the host minted for that server's
 * origin and that view: a signed-in page gets one with the view's tool or resource;
 * someone who only knows a server's sandbox address gets nothing read from the server. Valid for
 * the window it was minted in and the next (10 to 20 minutes); the host key signs it, so every
 * instance of a deployment accepts every other's. It names the view's HTML by its hash (in the clear,
 * and signed): the page opens only while the server's view is still the HTML the host checked against
 * the user's pin, so the CSP and permissions of a changed view never frame the HTML trusted before.
 */
export function mintSandboxTicket(
  label: string,
  uri: string,
  hash: string,
  now = Date.now(),
  secret = hostKey(),
): string {
  const window = Math.floor(now / TICKET_WINDOW_MS);
  const view = hash.slice(0, HASH_CHARS);
  return `${window.toString(36)}.${view}.${sign(secret, label, uri, view, window)}`;
}

/**
 * The view hash a genuine, current ticket names (its first characters), or null: checked before
 * anything is read, so a forged ticket costs the server nothing.
 */
export function checkSandboxTicket(
  label: string,
  uri: string,
  ticket: string | null,
  now = Date.now(),
  secret = hostKey(),
): string | null {
  const match = /^([0-9a-z]{1,12})\.([0-9a-f]{16})\.([A-Za-z0-9_-]{32})$/.exec(ticket ?? '');
  if (!match?.[1] || !match[2] || !match[3]) return null;
  const window = Number.parseInt(match[1], 36);
  const current = Math.floor(now / TICKET_WINDOW_MS);
  if (window !== current && window !== current - 1) return null;
  const expected = Buffer.from(sign(secret, label, uri, match[2], window));
  const given = Buffer.from(match[3]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[2] : null;
}

/** Whether the HTML a ticket names is this view's (`ticketed` from `checkSandboxTicket`). */
export function ticketNamesView(ticketed: string, hash: string): boolean {
  return hash.slice(0, HASH_CHARS) === ticketed;
}
