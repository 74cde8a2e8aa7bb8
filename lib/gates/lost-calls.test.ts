import { describe, expect, it } from 'vitest';
import { RESERVATION_CALL } from '../../tests/fixtures/gate-call';
import { instanceConnections, testRedisUrl } from '../../tests/fixtures/redis-connections';
import { McpRegistry } from '../mcp/registry';
import type { InstanceLiveness } from '../runtime/instance-liveness';
import { LOST_WORDS } from './answers';
import { answerGate } from './gated-call';
import { type AnsweringInstance, lostBeforeAnswer, spentByHolder } from './lost-calls';
import { memoryGateStore } from './pending';
import { redisGateStore } from './redis-gate-store';
import type { GateStore } from './store';

const targets: Array<{ name: string; store: () => GateStore }> = [
  { name: 'memory', store: () => memoryGateStore },
];
if (testRedisUrl) targets.push({ name: 'Redis', store: () => redisGateStore(instanceConnections()) });

const call = RESERVATION_CALL;
const LOST = { ok: false, status: 410, reason: LOST_WORDS, lost: true };

/** What the answering instance knows of the holder: alive or gone, as the test says. */
function holderIs(alive: () => boolean): InstanceLiveness {
  return { self: 'answering-instance', alive: async () => alive() };
}

const spend = (store: GateStore, id: string) =>
  store.spend(id, 'alice', 'restaurant', 'create_reservation', call.args);

describe.each(targets)(
  'an answer to a model call never says it was made unless its holder spent it ($name)',
  ({ store: storeOf }) => {
    it('a holder that is gone: the answer ends the call as lost before taking anything', async () => {
      const store = storeOf();
      const ticket = await store.open(call);
      const gone: AnsweringInstance = { store, liveness: holderIs(() => false), checkMs: 20 };
      expect(await lostBeforeAnswer({ ...gone, liveness: holderIs(() => true) }, ticket.id, 'alice')).toBe(
        undefined,
      );
      expect(await lostBeforeAnswer(gone, ticket.id, 'mallory')).toBeUndefined();
      expect(await lostBeforeAnswer(gone, ticket.id, 'alice')).toEqual(LOST);
      expect(await store.ending(ticket.id, 'alice', 0)).toBe('lost');
    });

    it('an approval is ok once the alive holder spends it, however long the holder takes within the ticket', async () => {
      const store = storeOf();
      const ticket = await store.open(call);
      const on: AnsweringInstance = { store, liveness: holderIs(() => true), checkMs: 20 };
      await store.decide(ticket.id, 'alice', { approved: true });
      setTimeout(() => void spend(store, ticket.id), 150);
      await expect(spentByHolder(on, ticket.id, 'alice')).resolves.toEqual({ ok: true });
    });

    it('an approval whose holder dies before spending it ends as lost; the late spend is refused', async () => {
      const store = storeOf();
      const ticket = await store.open(call);
      let alive = true;
      const on: AnsweringInstance = { store, liveness: holderIs(() => alive), checkMs: 20 };
      await store.decide(ticket.id, 'alice', { approved: true });
      const answered = spentByHolder(on, ticket.id, 'alice');
      setTimeout(() => {
        alive = false;
      }, 100);
      await expect(answered).resolves.toEqual(LOST);
      expect(await spend(store, ticket.id)).toEqual({ ok: false, lost: true });
    });

    it('an alive holder that never spends holds the answer until the ticket expires, then the answer is the expiry', async () => {
      const store = storeOf();
      const ticket = await store.open(call, 300);
      const on: AnsweringInstance = { store, liveness: holderIs(() => true), checkMs: 50 };
      await store.decide(ticket.id, 'alice', { approved: true });
      await expect(spentByHolder(on, ticket.id, 'alice')).resolves.toMatchObject({ ok: false, status: 410 });
      expect(await spend(store, ticket.id)).toEqual({ ok: false });
    });

    it('answerGate: a lost call is answered lost, a second answer too, never ok', async () => {
      const store = storeOf();
      const registry = new McpRegistry(new Set());
      const gone: AnsweringInstance = { store, liveness: holderIs(() => false), checkMs: 20 };
      const pending = await store.open(call);
      expect(
        await answerGate(registry, pending.id, 'alice', { approved: true }, undefined, undefined, gone),
      ).toEqual(LOST);
      expect(
        await answerGate(registry, pending.id, 'alice', { approved: false }, undefined, undefined, gone),
      ).toEqual(LOST);
      // Taken while the holder still looked alive, then the holder is gone: lost, not ok.
      let alive = true;
      const fading: AnsweringInstance = { store, liveness: holderIs(() => alive), checkMs: 20 };
      const approved = await store.open(call);
      const answered = answerGate(
        registry,
        approved.id,
        'alice',
        { approved: true },
        undefined,
        undefined,
        fading,
      );
      setTimeout(() => {
        alive = false;
      }, 100);
      expect(await answered).toEqual(LOST);
      // A refusal of a call whose holder is alive is taken as before: nothing was to be sent.
      const refused = await store.open(call);
      const live: AnsweringInstance = { store, liveness: holderIs(() => true), checkMs: 20 };
      expect(
        await answerGate(registry, refused.id, 'alice', { approved: false }, undefined, undefined, live),
      ).toEqual({
        ok: true,
        result: null,
      });
    });
  },
);
