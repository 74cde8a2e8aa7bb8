import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db';
import { endRunningTurn, markTurnRunning } from '../db/queries/running-turns';
import { log } from '../log/logger';
import { instanceId } from '../runtime/instance-liveness';

/** A running turn's marker in the database (running-turns.ts), removed by `ended` when the turn ends. */
export interface TurnMarker {
  /**
   * Settles once the marker is written, or could not be (or was not to be). The turn's reply reaches
   * a reader only after this, so a reply the user saw begin is one a crash leaves marked.
   */
  recorded: Promise<void>;
  /** The turn ended, whatever it came to: its marker goes, unless a newer turn replaced it. */
  ended(): void;
}

/**
 * Marks a turn as running on this instance, so that if the instance dies before the turn ends, the
 * next read of the conversation finds and marks it (interrupted-turns.ts). Written off the model's
 * path, once `when` says the turn may be recorded (the conversation is confirmed as the user's);
 * a marker that could not be written is logged, and the turn goes on without one.
 */
export function markRunningTurn(
  db: Db,
  userId: string,
  conversationId: string,
  messageId: string,
  when: Promise<boolean> = Promise.resolve(true),
  instance: string = instanceId(),
): TurnMarker {
  const turnId = randomUUID();
  const written = when.then(
    async (go) => {
      if (!go) return false;
      await markTurnRunning(db, { userId, conversationId, messageId, turnId, instanceId: instance });
      return true;
    },
    () => false,
  );
  const logged = (what: string) => (error: unknown) => {
    log('warn', `[chat] could not ${what} the running turn's marker:`, { error });
    return false;
  };
  const marked = written.catch(logged('write'));
  return {
    recorded: marked.then(() => undefined),
    ended() {
      void marked
        .then(async (was) => {
          if (was) await endRunningTurn(db, userId, conversationId, turnId);
        })
        .catch(logged('clear'));
    },
  };
}
