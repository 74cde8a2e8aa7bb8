import 'server-only';
import { gateStore } from '../gates/store';
import { type SamplingParams, withEditedTexts } from '../mcplet/sampling-request';
import { samplingBoard } from './sampling-board';
import { samplingServices } from './sampling-services';

export interface SamplingAnswerInput {
  approved: boolean;
  /** The messages' text as the user edited it: one per text block, in order. */
  texts?: string[];
  /** "Always allow sampling from this server": taken only where the dialog offered it. */
  remember?: boolean;
}

export type SamplingAnswerOutcome =
  | { ok: true }
  | { ok: false; status: 400 | 404 | 409 | 410 | 422; reason: string };

/**
 * The user's answer to a sampling request their own call received. An edit is checked before the
 * approval binds to it (one text per text block, nothing else changed); "always" is refused whole
 * where the dialog did not offer it. The gate store takes the answer once; the call waiting on the
 * ticket spends it and runs exactly the request it is bound to.
 */
export async function answerSampling(
  id: string,
  userId: string,
  answer: SamplingAnswerInput,
): Promise<SamplingAnswerOutcome> {
  const entry = samplingBoard().entry(id, userId);
  const store = gateStore();
  const ticket = entry ? await store.ticket(id, userId) : undefined;
  if (!entry || !ticket || ticket.kind !== 'sampling')
    return { ok: false, status: 404, reason: 'No such sampling request is waiting for you.' };
  if (answer.approved && answer.remember && !entry.prompt.offerRemember)
    return {
      ok: false,
      status: 400,
      reason:
        'Sampling from this server cannot be remembered here: the dialog did not offer it. Nothing was approved.',
    };
  let edited: Record<string, unknown> | undefined;
  if (answer.approved && answer.texts) {
    // The ticket holds the request as the server sent it (plain JSON the SDK validated).
    const checked = withEditedTexts(ticket.args as unknown as SamplingParams, answer.texts);
    if (!checked.ok) return { ok: false, status: 422, reason: checked.reason };
    edited = checked.params as unknown as Record<string, unknown>;
  }
  const decided = await store.decide(
    id,
    userId,
    answer.approved ? { approved: true } : { approved: false, reason: 'cancelled' },
    edited,
  );
  if (!decided.ok) return { ok: false, status: decided.status, reason: decided.reason };
  if (answer.approved && answer.remember) await samplingServices()?.remember(userId, entry.serverId);
  return { ok: true };
}
