import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkSandboxTicket, mintSandboxTicket, TICKET_WINDOW_MS } from './sandbox-ticket';

const secret = randomBytes(32);
const now = 1_800_000_000_000;

describe("issue 16: the sandbox page opens only with the host's ticket for that server and view", () => {
  it('accepts the ticket for its label and view, in its window and the next', () => {
    const ticket = mintSandboxTicket('label-a', 'ui://r/list', now, secret);
    expect(checkSandboxTicket('label-a', 'ui://r/list', ticket, now, secret)).toBe(true);
    expect(checkSandboxTicket('label-a', 'ui://r/list', ticket, now + TICKET_WINDOW_MS, secret)).toBe(true);
  });

  it('refuses it for another server, another view, later, with another key, altered, or none', () => {
    const ticket = mintSandboxTicket('label-a', 'ui://r/list', now, secret);
    expect(checkSandboxTicket('label-b', 'ui://r/list', ticket, now, secret)).toBe(false);
    expect(checkSandboxTicket('label-a', 'ui://r/other', ticket, now, secret)).toBe(false);
    expect(checkSandboxTicket('label-a', 'ui://r/list', ticket, now + 2 * TICKET_WINDOW_MS, secret)).toBe(
      false,
    );
    expect(checkSandboxTicket('label-a', 'ui://r/list', ticket, now, randomBytes(32))).toBe(false);
    const [window, mac] = ticket.split('.');
    expect(
      checkSandboxTicket(
        'label-a',
        'ui://r/list',
        `${window}.${mac?.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`,
        now,
        secret,
      ),
    ).toBe(false);
    const future = (Math.floor(now / TICKET_WINDOW_MS) + 1).toString(36);
    expect(checkSandboxTicket('label-a', 'ui://r/list', `${future}.${mac}`, now, secret)).toBe(false);
    expect(checkSandboxTicket('label-a', 'ui://r/list', null, now, secret)).toBe(false);
    expect(checkSandboxTicket('label-a', 'ui://r/list', 'nonsense', now, secret)).toBe(false);
  });

  it('a hint and a resource read in the same window carry the same ticket (one frame, not two)', () => {
    const start = Math.floor(now / TICKET_WINDOW_MS) * TICKET_WINDOW_MS;
    expect(mintSandboxTicket('l', 'ui://v', start, secret)).toBe(
      mintSandboxTicket('l', 'ui://v', start + 5_000, secret),
    );
  });
});
