import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkSandboxTicket, mintSandboxTicket, TICKET_WINDOW_MS, ticketNamesView } from './sandbox-ticket';

const secret = randomBytes(32);
const now = 1_800_000_000_000;
const hash = 'ab'.repeat(32);
const named = hash.slice(0, 16);

describe("the sandbox page opens only with the host's ticket for that server and view", () => {
  it('accepts the ticket for its label and view, in its window and the next', () => {
    const ticket = mintSandboxTicket('label-a', 'ui://r/list', hash, now, secret);
    expect(checkSandboxTicket('label-a', 'ui://r/list', ticket, now, secret)).toBe(named);
    expect(checkSandboxTicket('label-a', 'ui://r/list', ticket, now + TICKET_WINDOW_MS, secret)).toBe(named);
  });

  it('refuses it for another server, another view, later, with another key, altered, or none', () => {
    const ticket = mintSandboxTicket('label-a', 'ui://r/list', hash, now, secret);
    expect(checkSandboxTicket('label-b', 'ui://r/list', ticket, now, secret)).toBeNull();
    expect(checkSandboxTicket('label-a', 'ui://r/other', ticket, now, secret)).toBeNull();
    expect(checkSandboxTicket('label-a', 'ui://r/list', ticket, now + 2 * TICKET_WINDOW_MS, secret)).toBe(
      null,
    );
    expect(checkSandboxTicket('label-a', 'ui://r/list', ticket, now, randomBytes(32))).toBeNull();
    const [window, view, mac] = ticket.split('.');
    expect(
      checkSandboxTicket(
        'label-a',
        'ui://r/list',
        `${window}.${view}.${mac?.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`,
        now,
        secret,
      ),
    ).toBeNull();
    const future = (Math.floor(now / TICKET_WINDOW_MS) + 1).toString(36);
    expect(checkSandboxTicket('label-a', 'ui://r/list', `${future}.${view}.${mac}`, now, secret)).toBeNull();
    expect(checkSandboxTicket('label-a', 'ui://r/list', null, now, secret)).toBeNull();
    expect(checkSandboxTicket('label-a', 'ui://r/list', 'nonsense', now, secret)).toBeNull();
  });

  it("names the view's HTML it was minted for, signed: another HTML is not the ticket's", () => {
    const ticket = mintSandboxTicket('label-a', 'ui://r/list', hash, now, secret);
    const ticketed = checkSandboxTicket('label-a', 'ui://r/list', ticket, now, secret) ?? '';
    expect(ticketNamesView(ticketed, hash)).toBe(true);
    expect(ticketNamesView(ticketed, 'cd'.repeat(32))).toBe(false);
    // The hash is in the clear but signed: a ticket rewritten to name another HTML is refused.
    const [window, , mac] = ticket.split('.');
    const other = `${window}.${'cd'.repeat(8)}.${mac}`;
    expect(checkSandboxTicket('label-a', 'ui://r/list', other, now, secret)).toBeNull();
  });

  it('a hint and a resource read in the same window carry the same ticket (one frame, not two)', () => {
    const start = Math.floor(now / TICKET_WINDOW_MS) * TICKET_WINDOW_MS;
    expect(mintSandboxTicket('l', 'ui://v', hash, start, secret)).toBe(
      mintSandboxTicket('l', 'ui://v', hash, start + 5_000, secret),
    );
  });
});
