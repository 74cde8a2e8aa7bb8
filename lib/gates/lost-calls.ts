import 'server-only';
import { type InstanceLiveness, instanceLiveness } from '../runtime/instance-liveness';
import { type GateStore, gateStore } from './store';
import { type AnswerRefused, endedAnswer } from './ticket-state';

/**
 * A model's call is spent only by its holder, the instance whose turn waits on the ticket: the turn's
 * model stream and tool state live there and nowhere else, so no other instance may take the call
 * over (it would dispatch an action whose result nobody reads). An answer reaching another instance
 * therefore never says the call was made unless the holder spent the approval; a holder that is gone
 * ends the ticket as lost (docs/architecture.md, "Approvals that outlive their instance").
 */

/**
 * How long an answer waits for the holder's spend before it looks again whether the holder is alive
 * (GATE_HOLDER_CHECK_MS, default 1 s). The spend wakes it at once; this is also how often it re-reads
 * the record when the message that announces the spend is lost.
 */
export const HOLDER_CHECK_MS = Number(process.env.GATE_HOLDER_CHECK_MS ?? 1_000);

/** The instance an answer reaches: its gate store and what it knows of the other instances. */
export interface AnsweringInstance {
  store: GateStore;
  liveness: InstanceLiveness;
  checkMs?: number;
}

export function thisInstance(): AnsweringInstance {
  return { store: gateStore(), liveness: instanceLiveness() };
}

/** Before an answer is taken: a model's call whose holder is gone ends as lost, and the answer is told so. */
export async function lostBeforeAnswer(
  on: AnsweringInstance,
  id: string,
  userId: string,
): Promise<AnswerRefused | undefined> {
  const holder = await on.store.holder(id, userId);
  if (!holder || (await on.liveness.alive(holder))) return undefined;
  return (await on.store.lose(id, userId)) === 'lost' ? endedAnswer('lost') : undefined;
}

/**
 * After an approval of a model's call: waits until its holder spends it (the call then goes out). A
 * holder found gone ends the ticket as lost; ending it is atomic, so a spend that came first stands.
 * An alive holder is waited for, at most until the ticket expires: it normally spends within
 * milliseconds of the approval, and only a holder gone for good is a reason to give up on it.
 */
export async function spentByHolder(
  on: AnsweringInstance,
  id: string,
  userId: string,
): Promise<{ ok: true } | AnswerRefused> {
  const holder = await on.store.holder(id, userId);
  const checkMs = on.checkMs ?? HOLDER_CHECK_MS;
  for (;;) {
    const ending = await on.store.ending(id, userId, checkMs);
    if (ending === 'used') return { ok: true };
    if (ending !== 'open') return endedAnswer(ending);
    // A ticket opened before holders were recorded is waited on until it is spent or expires.
    if (!holder || (await on.liveness.alive(holder))) continue;
    const lost = await on.store.lose(id, userId);
    return lost === 'used' ? { ok: true } : endedAnswer(lost);
  }
}
