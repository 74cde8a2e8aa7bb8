import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { hostKey } from '../db/host-key';

/** Tickets are minted per window: a hint and a resource read in one window name the same frame. */
export const TICKET_WINDOW_MS = 10 * 60 * 1000;

function keyOf(secret: Buffer): Buffer {
  return createHmac('sha256', secret).update('mcplet sandbox ticket v1').digest();
}

function sign(secret: Buffer, label: string, uri: string, window: number): string {
  return createHmac('sha256', keyOf(secret))
    .update(`${label}\n${uri}\n${window}`)
    .digest('base64url')
    .slice(0, 32);
}

/**
 * The sandbox page of a server's view opens only with a ticket the host minted for that server's
 * origin and that view (issue 16): a signed-in page gets one with the view's tool or resource;
 * someone who only knows a server's sandbox address gets nothing read from the server. Valid for
 * the window it was minted in and the next (10 to 20 minutes); the host key signs it, so every
 * instance of a deployment accepts every other's.
 */
export function mintSandboxTicket(label: string, uri: string, now = Date.now(), secret = hostKey()): string {
  const window = Math.floor(now / TICKET_WINDOW_MS);
  return `${window.toString(36)}.${sign(secret, label, uri, window)}`;
}

export function checkSandboxTicket(
  label: string,
  uri: string,
  ticket: string | null,
  now = Date.now(),
  secret = hostKey(),
): boolean {
  const match = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{32})$/.exec(ticket ?? '');
  if (!match?.[1] || !match[2]) return false;
  const window = Number.parseInt(match[1], 36);
  const current = Math.floor(now / TICKET_WINDOW_MS);
  if (window !== current && window !== current - 1) return false;
  const expected = Buffer.from(sign(secret, label, uri, window));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
