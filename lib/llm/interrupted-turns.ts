import 'server-only';
import type { UIMessage } from 'ai';
import type { Db } from '../db';
import { listMessageTree, type StoredTree, shownMessages } from '../db/queries/messages';
import {
  allRunningTurns,
  markTurnInterrupted,
  type RunningTurn,
  runningTurnOf,
} from '../db/queries/running-turns';
import { log } from '../log/logger';
import { HEARTBEAT_MS, type InstanceLiveness, instanceLiveness } from '../runtime/instance-liveness';

/**
 * Marks the turns among `turns` whose instance is gone (turn-marker.ts wrote them as they started):
 * each becomes the interrupted mark in its conversation, once, whoever marks it at the same time.
 * A turn whose instance is alive is left alone, as is one whose liveness cannot be told now (shared
 * state unreachable): it is marked by a later read. Returns how many were marked.
 */
async function markDead(db: Db, turns: RunningTurn[], liveness: InstanceLiveness): Promise<number> {
  const verdicts = new Map<string, Promise<boolean>>();
  const aliveOf = (id: string) => {
    let verdict = verdicts.get(id);
    if (!verdict) {
      verdict = liveness.alive(id).catch((error: unknown) => {
        log('warn', '[chat] could not tell whether an instance is alive; its turns stay unmarked', { error });
        return true;
      });
      verdicts.set(id, verdict);
    }
    return verdict;
  };
  let marked = 0;
  for (const turn of turns) {
    if (await aliveOf(turn.instanceId)) continue;
    if (await markTurnInterrupted(db, turn)) marked++;
  }
  return marked;
}

/** Marks the user's turn in this conversation if the instance that ran it is gone. */
export async function markInterruptedTurn(
  db: Db,
  userId: string,
  conversationId: string,
  liveness: InstanceLiveness = instanceLiveness(),
): Promise<number> {
  const turn = await runningTurnOf(db, userId, conversationId);
  return turn ? markDead(db, [turn], liveness) : 0;
}

/**
 * The conversation's messages as a reader gets them (the chat page, the conversations API, a turn's
 * history): a turn a crash cut is marked first. The marker is looked up beside the read, so a
 * conversation with no cut turn (nearly all) costs no extra round trip; one marked is read again.
 */
export async function conversationMessages(
  db: Db,
  userId: string,
  conversationId: string,
  liveness: InstanceLiveness = instanceLiveness(),
): Promise<UIMessage[]> {
  return shownMessages(await conversationTree(db, userId, conversationId, liveness));
}

/** The conversation's messages of every branch (lib/chat/message-tree.ts), a cut turn marked first. */
export async function conversationTree(
  db: Db,
  userId: string,
  conversationId: string,
  liveness: InstanceLiveness = instanceLiveness(),
): Promise<StoredTree> {
  const marking = markInterruptedTurn(db, userId, conversationId, liveness);
  const [marked, tree] = await Promise.all([marking, listMessageTree(db, userId, conversationId)]);
  return marked > 0 ? listMessageTree(db, userId, conversationId) : tree;
}

/** Marks every turn, of every user, whose instance is gone (an instance's start). */
export async function markInterruptedTurns(
  db: Db,
  liveness: InstanceLiveness = instanceLiveness(),
): Promise<number> {
  return markDead(db, await allRunningTurns(db), liveness);
}

/**
 * An instance's start: the turns cut by a crash are marked now, and again once a killed instance's
 * heartbeat has had time to lapse (a restart can come sooner than that; lib/runtime/instance-liveness.ts).
 * Failures are logged: a later read of each conversation marks its turn all the same.
 */
export function markInterruptedTurnsAtStart(open: () => Promise<Db>, lapseMs = HEARTBEAT_MS * 4): void {
  const sweep = async () => {
    try {
      const marked = await markInterruptedTurns(await open());
      if (marked > 0) log('info', '[chat] marked turns cut by a crash', { marked });
    } catch (error) {
      log('warn', '[chat] could not mark turns cut by a crash at start', { error });
    }
  };
  void sweep();
  setTimeout(() => void sweep(), lapseMs).unref();
}
