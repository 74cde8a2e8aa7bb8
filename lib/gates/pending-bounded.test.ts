import { afterEach, describe, expect, it, vi } from 'vitest';
import { decideGate, failGate, gateTicket, heldGates, openGate, spendApproval, waitForGate } from './pending';

// Its own file: the ticket store starts empty here, so "empty afterwards" means what it says.
const call = {
  kind: 'view' as const,
  gate: 'confirm' as const,
  surface: { kind: 'app' as const, serverId: 'restaurant' },
  userId: 'local',
  serverId: 'restaurant',
  serverName: 'Restaurant',
  bindingServer: 'restaurant-mcplet',
  toolName: 'create_reservation',
  args: { date: '2026-12-01', partySize: 2 },
};

describe('gate tickets do not pile up', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answered, spent, refused and expired tickets are all let go, with their arguments', async () => {
    vi.useFakeTimers();
    const tickets = Array.from({ length: 100 }, (_, i) => openGate({ ...call, args: { ...call.args, i } }));
    expect(heldGates().open).toBe(100);
    const waits = tickets.slice(75).map((t) => waitForGate(t.id));
    tickets.forEach((ticket, i) => {
      if (i < 25) {
        decideGate(ticket.id, 'local', { approved: true });
        expect(spendApproval(ticket.id, 'local', 'restaurant', 'create_reservation', ticket.args).ok).toBe(
          true,
        );
      } else if (i < 50) {
        decideGate(ticket.id, 'local', { approved: false });
      } else if (i < 60) {
        failGate(ticket.id, 'local', 'fido2-unavailable');
      } else if (i < 75) {
        // approved, but its dispatch never came to spend it
        decideGate(ticket.id, 'local', { approved: true });
      }
    });
    // An answered ticket no longer holds its call: only its end is kept, without the arguments.
    expect(heldGates().open).toBe(40);
    expect(gateTicket(tickets[0]?.id ?? '', 'local')).toBeUndefined();
    expect(gateTicket(tickets[30]?.id ?? '', 'local')).toBeUndefined();

    expect(decideGate(tickets[30]?.id ?? '', 'local', { approved: true })).toMatchObject({ status: 409 });
    await vi.advanceTimersByTimeAsync(120_001);
    await expect(Promise.all(waits)).resolves.toEqual(
      waits.map(() => expect.objectContaining({ verdict: 'refused', code: 'AUTH_REQUIRED' })),
    );
    expect(heldGates().open).toBe(0);
    // An approved ticket nobody spent is expired, not left approved.
    expect(
      spendApproval(tickets[60]?.id ?? '', 'local', 'restaurant', 'create_reservation', tickets[60]?.args).ok,
    ).toBe(false);
    expect(decideGate(tickets[80]?.id ?? '', 'local', { approved: true })).toMatchObject({ status: 410 });

    await vi.advanceTimersByTimeAsync(120_001);
    expect(heldGates()).toEqual({ open: 0, ended: 0 });
  });

  it('the expired state is explicit: a user refusal that says "expired" is not a server expiry', () => {
    const ticket = openGate(call);
    expect(decideGate(ticket.id, 'local', { approved: false, reason: 'expired' })).toMatchObject({
      ok: true,
      outcome: { verdict: 'refused' },
    });
    expect(decideGate(ticket.id, 'local', { approved: true })).toMatchObject({ ok: false, status: 409 });
  });

  it("a view's call that expired at its gate still names its call, once, for the view's result", async () => {
    vi.useFakeTimers();
    const ticket = openGate(call, 50);
    await vi.advanceTimersByTimeAsync(51);
    expect(gateTicket(ticket.id, 'local')).toMatchObject({ toolName: 'create_reservation', args: call.args });
    expect(gateTicket(ticket.id, 'mallory')).toBeUndefined();
    const model = openGate({ ...call, kind: 'model' }, 50);
    await vi.advanceTimersByTimeAsync(51);
    expect(gateTicket(model.id, 'local')).toBeUndefined();
  });

  it('a waiting call learns of its expiry even when its timer fires before the wall clock passes the deadline', async () => {
    vi.useFakeTimers();
    const ticket = openGate(call, 60);
    const waiting = waitForGate(ticket.id);
    // The wall clock lags the timers by 10 ms (they run on different clocks).
    vi.setSystemTime(Date.now() - 10);
    await vi.advanceTimersByTimeAsync(61);
    expect(heldGates().open).toBe(1);
    await vi.advanceTimersByTimeAsync(11);
    await expect(waiting).resolves.toMatchObject({ verdict: 'refused', reason: 'expired' });
  });
});
