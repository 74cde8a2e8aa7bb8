import { describe, expect, it } from 'vitest';
import { RESERVATION_CALL } from '../../tests/fixtures/gate-call';
import { instanceConnections, testRedisUrl } from '../../tests/fixtures/redis-connections';
import { instanceId } from '../runtime/instance-liveness';
import { LOST_WORDS } from './answers';
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

const call = RESERVATION_CALL;

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

describe.each(targets)('one gate across instances ($name)', ({ pair }) => {
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

describe.each(targets)('a model call lost with the instance that held its turn ($name)', ({ pair }) => {
  it('records the instance that opened it as its holder, and only for a model call', async () => {
    const [one, two] = pair();
    const ticket = await one.open(call);
    expect(await two.holder(ticket.id, 'alice')).toBe(instanceId());
    expect(await two.holder(ticket.id, 'mallory')).toBeUndefined();
    expect(await two.ticket(ticket.id, 'alice')).not.toHaveProperty('holder');
    const view = await one.open({ ...call, kind: 'view', surface: { kind: 'app', serverId: 'restaurant' } });
    expect(await two.holder(view.id, 'alice')).toBeUndefined();
    // A view's call is dispatched by whichever instance takes its answer: it is never lost.
    expect(await two.lose(view.id, 'alice')).toBeUndefined();
    expect(await two.ticket(view.id, 'alice')).toMatchObject({ kind: 'view' });
  });

  it('ended as lost through the other instance: the waiting call is refused, answers are told, nothing can be spent', async () => {
    const [one, two] = pair();
    const ticket = await one.open(call);
    const waiting = one.wait(ticket.id);
    await two.ticket(ticket.id, 'alice');
    expect(await two.lose(ticket.id, 'mallory')).toBeUndefined();
    expect(await two.lose(ticket.id, 'alice')).toBe('lost');
    await expect(waiting).resolves.toEqual({
      verdict: 'refused',
      code: 'AUTH_REQUIRED',
      message: LOST_WORDS,
      reason: 'lost',
    });
    expect(await two.decide(ticket.id, 'alice', { approved: true })).toEqual({
      ok: false,
      status: 410,
      reason: LOST_WORDS,
      lost: true,
    });
    expect(await one.spend(ticket.id, 'alice', 'restaurant', 'create_reservation', call.args)).toEqual({
      ok: false,
      lost: true,
    });
    expect(await one.lose(ticket.id, 'alice')).toBe('lost');
    expect(await two.holder(ticket.id, 'alice')).toBeUndefined();
  });

  it('the loss and the spend race on two instances: exactly one of them takes the approved call', async () => {
    const [one, two] = pair();
    for (let round = 0; round < 5; round++) {
      const ticket = await one.open(call);
      await two.decide(ticket.id, 'alice', { approved: true });
      const [spent, lost] = await Promise.all([
        one.spend(ticket.id, 'alice', 'restaurant', 'create_reservation', call.args),
        two.lose(ticket.id, 'alice'),
      ]);
      if (spent.ok) expect(lost).toBe('used');
      else expect([spent, lost]).toEqual([{ ok: false, lost: true }, 'lost']);
    }
  });

  it('the end of a ticket wakes whoever waits for it on the other instance at once; an open one is told so after the wait', async () => {
    const [one, two] = pair();
    const ticket = await one.open(call);
    expect(await two.ending(ticket.id, 'alice', 20)).toBe('open');
    expect(await two.ending(ticket.id, 'mallory', 20)).toBeUndefined();
    expect(await two.ending('made-up', 'alice', 20)).toBeUndefined();
    await two.decide(ticket.id, 'alice', { approved: true });
    const started = Date.now();
    const ending = two.ending(ticket.id, 'alice', 10_000);
    setTimeout(() => void one.spend(ticket.id, 'alice', 'restaurant', 'create_reservation', call.args), 50);
    await expect(ending).resolves.toBe('used');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await one.ending(ticket.id, 'alice', 10_000)).toBe('used');
  });
});
