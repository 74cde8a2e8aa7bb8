import { describe, expect, it } from 'vitest';
import { decideGate, openGate, spendApproval, waitForGate } from './pending';

const call = {
  kind: 'view' as const,
  gate: 'confirm' as const,
  surface: { kind: 'app' as const, serverId: 'restaurant' },
  userId: 'local',
  serverId: 'restaurant',
  serverName: 'Restaurant',
  toolName: 'create_reservation',
  args: { date: '2026-12-01', partySize: 2 },
};

describe('gate tickets (attack 9: forged approvals)', () => {
  it('an approved ticket authorises exactly its call, once', () => {
    const ticket = openGate(call);
    expect(decideGate(ticket.id, 'local', true)).toMatchObject({ ok: true });
    expect(
      spendApproval(ticket.id, 'local', 'restaurant', 'create_reservation', {
        partySize: 2,
        date: '2026-12-01',
      }),
    ).toBe(true);
    expect(spendApproval(ticket.id, 'local', 'restaurant', 'create_reservation', call.args)).toBe(false);
  });

  it('refuses an approval for changed arguments, another tool, server or user', () => {
    const ticket = openGate(call);
    decideGate(ticket.id, 'local', true);
    expect(
      spendApproval(ticket.id, 'local', 'restaurant', 'create_reservation', { ...call.args, partySize: 20 }),
    ).toBe(false);
    expect(spendApproval(ticket.id, 'local', 'restaurant', 'delete_everything', call.args)).toBe(false);
    expect(spendApproval(ticket.id, 'local', 'other', 'create_reservation', call.args)).toBe(false);
    expect(spendApproval(ticket.id, 'mallory', 'restaurant', 'create_reservation', call.args)).toBe(false);
    expect(spendApproval(ticket.id, 'local', 'restaurant', 'create_reservation', call.args)).toBe(true);
  });

  it('refuses a ticket the server never issued, and one that was denied', () => {
    expect(spendApproval('made-up', 'local', 'restaurant', 'create_reservation', call.args)).toBe(false);
    expect(decideGate('made-up', 'local', true)).toMatchObject({ ok: false, status: 404 });
    const denied = openGate(call);
    decideGate(denied.id, 'local', false);
    expect(spendApproval(denied.id, 'local', 'restaurant', 'create_reservation', call.args)).toBe(false);
  });

  it('a decision is final and belongs to the ticket owner', () => {
    const ticket = openGate(call);
    expect(decideGate(ticket.id, 'mallory', true)).toMatchObject({ ok: false, status: 404 });
    expect(decideGate(ticket.id, 'local', false)).toMatchObject({ ok: true });
    expect(decideGate(ticket.id, 'local', true)).toMatchObject({ ok: false, status: 409 });
  });

  it('expires, and a waiting call learns it', async () => {
    const ticket = openGate(call, 30);
    await expect(waitForGate(ticket.id)).resolves.toBe('expired');
    expect(decideGate(ticket.id, 'local', true)).toMatchObject({ ok: false, status: 410 });
    expect(spendApproval(ticket.id, 'local', 'restaurant', 'create_reservation', call.args)).toBe(false);
  });

  it('wakes a suspended call with the decision, and treats an aborted turn as denied', async () => {
    const ticket = openGate(call);
    const waiting = waitForGate(ticket.id);
    decideGate(ticket.id, 'local', true);
    await expect(waiting).resolves.toBe('approved');
    const other = openGate(call);
    const controller = new AbortController();
    const aborted = waitForGate(other.id, controller.signal);
    controller.abort();
    await expect(aborted).resolves.toBe('denied');
  });
});
