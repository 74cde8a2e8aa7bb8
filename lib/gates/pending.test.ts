import { describe, expect, it } from 'vitest';
import { decideGate, failGate, openGate, recordChallenge, spendApproval, waitForGate } from './pending';

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

describe('gate tickets (gate forgery: forged approvals)', () => {
  it('an approved ticket authorises exactly its call, once', () => {
    const ticket = openGate(call);
    expect(decideGate(ticket.id, 'local', { approved: true })).toMatchObject({ ok: true });
    expect(
      spendApproval(ticket.id, 'local', 'restaurant', 'create_reservation', {
        partySize: 2,
        date: '2026-12-01',
      }).ok,
    ).toBe(true);
    expect(spendApproval(ticket.id, 'local', 'restaurant', 'create_reservation', call.args).ok).toBe(false);
  });

  it('refuses an approval for changed arguments, another tool, server or user', () => {
    const ticket = openGate(call);
    decideGate(ticket.id, 'local', { approved: true });
    expect(
      spendApproval(ticket.id, 'local', 'restaurant', 'create_reservation', { ...call.args, partySize: 20 })
        .ok,
    ).toBe(false);
    expect(spendApproval(ticket.id, 'local', 'restaurant', 'delete_everything', call.args).ok).toBe(false);
    expect(spendApproval(ticket.id, 'local', 'other', 'create_reservation', call.args).ok).toBe(false);
    expect(spendApproval(ticket.id, 'mallory', 'restaurant', 'create_reservation', call.args).ok).toBe(false);
    expect(spendApproval(ticket.id, 'local', 'restaurant', 'create_reservation', call.args).ok).toBe(true);
  });

  it('refuses a ticket the server never issued, and one that was denied', () => {
    expect(spendApproval('made-up', 'local', 'restaurant', 'create_reservation', call.args).ok).toBe(false);
    expect(decideGate('made-up', 'local', { approved: true })).toMatchObject({ ok: false, status: 404 });
    const denied = openGate(call);
    decideGate(denied.id, 'local', { approved: false });
    expect(spendApproval(denied.id, 'local', 'restaurant', 'create_reservation', call.args).ok).toBe(false);
  });

  it('a decision is final and belongs to the ticket owner', () => {
    const ticket = openGate(call);
    expect(decideGate(ticket.id, 'mallory', { approved: true })).toMatchObject({ ok: false, status: 404 });
    expect(decideGate(ticket.id, 'local', { approved: false })).toMatchObject({ ok: true });
    expect(decideGate(ticket.id, 'local', { approved: true })).toMatchObject({ ok: false, status: 409 });
  });

  it('expires, and a waiting call learns it', async () => {
    const ticket = openGate(call, 30);
    await expect(waitForGate(ticket.id)).resolves.toMatchObject({
      verdict: 'refused',
      code: 'AUTH_REQUIRED',
    });
    expect(decideGate(ticket.id, 'local', { approved: true })).toMatchObject({ ok: false, status: 410 });
    expect(spendApproval(ticket.id, 'local', 'restaurant', 'create_reservation', call.args).ok).toBe(false);
  });

  it('wakes a suspended call with the decision, and treats an aborted turn as denied', async () => {
    const ticket = openGate(call);
    const waiting = waitForGate(ticket.id);
    decideGate(ticket.id, 'local', { approved: true });
    await expect(waiting).resolves.toEqual({ verdict: 'approved' });
    const other = openGate(call);
    const controller = new AbortController();
    const aborted = waitForGate(other.id, controller.signal);
    controller.abort();
    await expect(aborted).resolves.toMatchObject({ verdict: 'refused' });
  });
});

describe('passkey gates (7.2 Phase 4-5, passkey assertions)', () => {
  const passkeyCall = { ...call, gate: 'passkey' as const };
  const assertion = (challenge: string, type = 'webauthn.get') => ({
    id: 'cred-1',
    type: 'public-key',
    response: {
      clientDataJSON: Buffer.from(
        JSON.stringify({ type, challenge, origin: 'http://localhost:3000' }),
      ).toString('base64url'),
      authenticatorData: 'AAAA',
      signature: 'BBBB',
      userHandle: 'dXNlcg',
    },
  });

  it('approves only with an assertion for the challenge issued for this ticket, and hands it over once', () => {
    const ticket = openGate(passkeyCall);
    expect(recordChallenge(ticket.id, 'local', 'issued-challenge')).toBe(true);
    expect(decideGate(ticket.id, 'local', { approved: true })).toMatchObject({ ok: false, status: 400 });
    expect(
      decideGate(ticket.id, 'local', { approved: true, assertion: assertion('another-challenge') }),
    ).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(
      decideGate(ticket.id, 'local', {
        approved: true,
        assertion: assertion('issued-challenge', 'webauthn.create'),
      }),
    ).toMatchObject({
      ok: false,
    });
    expect(
      decideGate(ticket.id, 'local', { approved: true, assertion: assertion('issued-challenge') }),
    ).toMatchObject({ ok: true });
    const spent = spendApproval(ticket.id, 'local', 'restaurant', 'create_reservation', call.args);
    expect(spent).toMatchObject({
      ok: true,
      pass: {
        gate: 'passkey',
        auth: {
          type: 'passkey_assertion',
          credentialId: 'cred-1',
          challenge: 'issued-challenge',
          signature: 'BBBB',
          userHandle: 'dXNlcg',
        },
      },
    });
    expect(spendApproval(ticket.id, 'local', 'restaurant', 'create_reservation', call.args)).toEqual({
      ok: false,
    });
  });

  it("SEP-2672: a verified gate approves only with an assertion for the server's challenge and its challenge id; the pass carries both, the assertion unmodified, once", () => {
    const ticket = openGate({ ...call, gate: 'verified' as const });
    const signed = assertion('server-challenge');
    expect(decideGate(ticket.id, 'local', { approved: true, assertion: signed })).toMatchObject({
      ok: false,
    });
    expect(recordChallenge(ticket.id, 'local', 'server-challenge')).toBe(true);
    expect(decideGate(ticket.id, 'local', { approved: true, assertion: signed })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(recordChallenge(ticket.id, 'local', 'server-challenge', 'ch-1')).toBe(true);
    expect(
      decideGate(ticket.id, 'local', { approved: true, assertion: assertion('another-challenge') }),
    ).toMatchObject({ ok: false });
    expect(decideGate(ticket.id, 'local', { approved: true, assertion: signed })).toMatchObject({ ok: true });
    const spent = spendApproval(ticket.id, 'local', 'restaurant', 'create_reservation', call.args);
    expect(spent).toMatchObject({ ok: true, pass: { gate: 'verified', verified: { challengeId: 'ch-1' } } });
    expect(spent.ok && spent.pass.verified?.response).toBe(signed);
    expect(spendApproval(ticket.id, 'local', 'restaurant', 'create_reservation', call.args)).toEqual({
      ok: false,
    });
  });

  it('an approval without an issued challenge is refused (a forged approval)', () => {
    const ticket = openGate(passkeyCall);
    expect(
      decideGate(ticket.id, 'local', { approved: true, assertion: assertion('anything') }),
    ).toMatchObject({ ok: false });
    expect(spendApproval(ticket.id, 'local', 'restaurant', 'create_reservation', call.args)).toEqual({
      ok: false,
    });
  });

  it.each([
    ['cancelled', 'AUTH_REQUIRED'],
    ['webauthn-unavailable', 'AUTH_REQUIRED'],
    ['ceremony-failed', 'AUTH_FAILED'],
    ['fido2-unavailable', 'SERVICE_UNAVAILABLE'],
  ] as const)('7.4 / 9.1: a %s refusal reaches the waiting call as %s', async (reason, code) => {
    const ticket = openGate(passkeyCall);
    const waiting = waitForGate(ticket.id);
    if (reason === 'fido2-unavailable') failGate(ticket.id, 'local', reason);
    else decideGate(ticket.id, 'local', { approved: false, reason });
    await expect(waiting).resolves.toMatchObject({ verdict: 'refused', code });
  });
});

describe('review gates (WebMCP HITL proposal: review; the approval binds to what is sent)', () => {
  const review = { ...call, gate: 'review' as const, inputSchema: { type: 'object' } };

  it('an edited approval is bound to the edited arguments, never to the ones first asked', () => {
    const ticket = openGate(review);
    const edited = { date: '2026-12-02', partySize: 4 };
    expect(decideGate(ticket.id, 'local', { approved: true }, edited)).toMatchObject({
      ok: true,
      ticket: { args: edited },
    });
    expect(spendApproval(ticket.id, 'local', 'restaurant', 'create_reservation', call.args).ok).toBe(false);
    const spent = spendApproval(ticket.id, 'local', 'restaurant', 'create_reservation', edited);
    expect(spent).toMatchObject({ ok: true, pass: { gate: 'review' } });
  });

  it('a confirm or passkey gate refuses edited arguments, and stays open for a real answer', () => {
    for (const gate of ['confirm', 'passkey'] as const) {
      const ticket = openGate({ ...call, gate });
      expect(decideGate(ticket.id, 'local', { approved: true }, { partySize: 9 })).toMatchObject({
        ok: false,
        status: 400,
      });
      expect(decideGate(ticket.id, 'local', { approved: false })).toMatchObject({ ok: true });
    }
  });
});
