import { describe, expect, it } from 'vitest';
import { instanceConnections, testRedisUrl } from '../../tests/fixtures/redis-connections';
import { memoryGateStore } from './pending';
import { redisGateStore } from './redis-gate-store';
import type { GateStore } from './store';

/** A store as one host instance holds it. */
const redisInstance = (): GateStore => redisGateStore(instanceConnections());

const targets: Array<{ name: string; pair: () => [GateStore, GateStore] }> = [
  { name: 'memory', pair: () => [memoryGateStore, memoryGateStore] },
];
if (testRedisUrl)
  targets.push({ name: 'Redis, two instances', pair: () => [redisInstance(), redisInstance()] });

const call = {
  kind: 'model' as const,
  gate: 'confirm' as const,
  surface: { kind: 'model' as const },
  userId: 'alice',
  serverId: 'restaurant',
  serverName: 'Restaurant',
  bindingServer: 'restaurant-mcplet',
  toolName: 'create_reservation',
  args: { date: '2026-12-01', partySize: 2 },
};

const assertion = (challenge: string) => ({
  id: 'cred-1',
  type: 'public-key',
  response: {
    clientDataJSON: Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge, origin: 'http://localhost:3000' }),
    ).toString('base64url'),
    authenticatorData: 'AAAA',
    signature: 'BBBB',
    userHandle: 'dXNlcg',
  },
});

describe.each(targets)('issue 16 item 5: one gate across instances ($name)', ({ pair }) => {
  it('a gate opened through one instance is answered through the other, wakes the waiting call, and is spent once', async () => {
    const [one, two] = pair();
    const ticket = await one.open(call);
    expect(await two.ticket(ticket.id, 'alice')).toMatchObject({ toolName: 'create_reservation' });
    expect(await two.ticket(ticket.id, 'mallory')).toBeUndefined();
    expect(await two.decide(ticket.id, 'mallory', { approved: true })).toMatchObject({ status: 404 });
    const waiting = one.wait(ticket.id);
    expect(await two.decide(ticket.id, 'alice', { approved: true })).toMatchObject({ ok: true });
    await expect(waiting).resolves.toEqual({ verdict: 'approved' });
    const spends = await Promise.all(
      [one, two, one, two].map((store) =>
        store.spend(ticket.id, 'alice', 'restaurant', 'create_reservation', call.args),
      ),
    );
    expect(spends.filter((s) => s.ok)).toHaveLength(1);
    expect(await two.decide(ticket.id, 'alice', { approved: true })).toMatchObject({ status: 409 });
  });

  it('two answers at once on two instances: one is taken, the other is told it was answered', async () => {
    const [one, two] = pair();
    const ticket = await one.open(call);
    const answers = await Promise.all([
      one.decide(ticket.id, 'alice', { approved: false }),
      two.decide(ticket.id, 'alice', { approved: true }),
    ]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.filter((a) => !a.ok)).toEqual([expect.objectContaining({ status: 409 })]);
  });

  it('a refusal given on one instance reaches the call waiting on the other, with its code', async () => {
    const [one, two] = pair();
    const ticket = await one.open({ ...call, gate: 'passkey' });
    const waiting = one.wait(ticket.id);
    await two.fail(ticket.id, 'alice', 'fido2-unavailable');
    await expect(waiting).resolves.toMatchObject({ verdict: 'refused', code: 'SERVICE_UNAVAILABLE' });
    expect((await one.spend(ticket.id, 'alice', 'restaurant', 'create_reservation', call.args)).ok).toBe(
      false,
    );
  });

  it('7.2 Phase 4: the challenge issued through one instance is the one an answer on the other must sign', async () => {
    const [one, two] = pair();
    const ticket = await one.open({ ...call, gate: 'passkey' });
    expect(await one.recordChallenge(ticket.id, 'alice', 'issued')).toBe(true);
    expect(
      await two.decide(ticket.id, 'alice', { approved: true, assertion: assertion('other') }),
    ).toMatchObject({ ok: false, status: 400 });
    expect(
      await two.decide(ticket.id, 'alice', { approved: true, assertion: assertion('issued') }),
    ).toMatchObject({ ok: true });
    const spent = await one.spend(ticket.id, 'alice', 'restaurant', 'create_reservation', call.args);
    expect(spent).toMatchObject({ ok: true, pass: { gate: 'passkey', auth: { challenge: 'issued' } } });
  });

  it('under review the pass binds to the arguments edited through the other instance', async () => {
    const [one, two] = pair();
    const ticket = await one.open({ ...call, gate: 'review', inputSchema: { type: 'object' } });
    const edited = { date: '2026-12-02', partySize: 4 };
    expect(await two.decide(ticket.id, 'alice', { approved: true }, edited)).toMatchObject({ ok: true });
    expect((await one.ticket(ticket.id, 'alice'))?.args).toEqual(edited);
    expect((await one.spend(ticket.id, 'alice', 'restaurant', 'create_reservation', call.args)).ok).toBe(
      false,
    );
    expect((await one.spend(ticket.id, 'alice', 'restaurant', 'create_reservation', edited)).ok).toBe(true);
  });

  it('expires: the waiting call learns it, and a late answer through the other instance gets 410', async () => {
    const [one, two] = pair();
    const ticket = await one.open(call, 60);
    await expect(one.wait(ticket.id)).resolves.toMatchObject({ verdict: 'refused', reason: 'expired' });
    expect(await two.decide(ticket.id, 'alice', { approved: true })).toMatchObject({ status: 410 });
  });

  it('an aborted turn denies its call; the answer that comes later through the other instance is refused', async () => {
    const [one, two] = pair();
    const ticket = await one.open(call);
    const controller = new AbortController();
    const waiting = one.wait(ticket.id, controller.signal);
    await two.ticket(ticket.id, 'alice');
    controller.abort();
    await expect(waiting).resolves.toMatchObject({ verdict: 'refused', reason: 'cancelled' });
    expect(await two.decide(ticket.id, 'alice', { approved: true })).toMatchObject({ status: 409 });
  });
});
