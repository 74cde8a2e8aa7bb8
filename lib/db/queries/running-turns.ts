import 'server-only';
import { sql } from 'kysely';
import type { Db } from '../connect';
import { prepared } from '../prepared';
import type { RunningTurnRow } from '../schema';

export interface RunningTurn {
  userId: string;
  conversationId: string;
  /** The user message the turn answers. */
  messageId: string;
  turnId: string;
  instanceId: string;
}

/** What a turn cut by a crash leaves in its conversation: an assistant message with no content. */
export const INTERRUPTED_METADATA = { ended: 'interrupted' } as const;

const INTERRUPTED_PREFIX = 'interrupted-';

// Written from the user's own conversation row: a conversation of someone else's takes no marker.
const markStatement = prepared<keyof RunningTurn | 'now', never>((db, slot) =>
  db
    .insertInto('running_turns')
    .columns(['conversation_id', 'user_id', 'message_id', 'turn_id', 'instance_id', 'started_at'])
    .expression(
      db
        .selectFrom('conversations')
        .select([
          'id',
          'user_id',
          sql<string>`cast(${slot('messageId')} as text)`.as('message_id'),
          sql<string>`cast(${slot('turnId')} as text)`.as('turn_id'),
          sql<string>`cast(${slot('instanceId')} as text)`.as('instance_id'),
          sql<Date>`cast(${slot('now')} as timestamptz)`.as('started_at'),
        ])
        .where('id', '=', slot<string>('conversationId'))
        .where('user_id', '=', slot<string>('userId')),
    )
    .onConflict((oc) =>
      oc
        .column('conversation_id')
        .doUpdateSet((eb) => ({
          message_id: eb.ref('excluded.message_id'),
          turn_id: eb.ref('excluded.turn_id'),
          instance_id: eb.ref('excluded.instance_id'),
          started_at: eb.ref('excluded.started_at'),
        }))
        .where('running_turns.user_id', '=', slot<string>('userId')),
    ),
);

/** Records a turn as running in its conversation; it replaces the marker of any earlier turn there. */
export async function markTurnRunning(db: Db, turn: RunningTurn): Promise<void> {
  await markStatement(db, { ...turn, now: new Date() });
}

const endStatement = prepared<'userId' | 'conversationId' | 'turnId', never>((db, slot) =>
  db
    .deleteFrom('running_turns')
    .where('conversation_id', '=', slot<string>('conversationId'))
    .where('user_id', '=', slot<string>('userId'))
    .where('turn_id', '=', slot<string>('turnId')),
);

/** The turn ended: its marker goes, unless a newer turn of the conversation has replaced it. */
export async function endRunningTurn(
  db: Db,
  userId: string,
  conversationId: string,
  turnId: string,
): Promise<void> {
  await endStatement(db, { userId, conversationId, turnId });
}

function toTurn(row: RunningTurnRow): RunningTurn {
  return {
    userId: row.user_id,
    conversationId: row.conversation_id,
    messageId: row.message_id,
    turnId: row.turn_id,
    instanceId: row.instance_id,
  };
}

const ofConversationStatement = prepared<'userId' | 'conversationId', RunningTurnRow>((db, slot) =>
  db
    .selectFrom('running_turns')
    .selectAll()
    .where('conversation_id', '=', slot<string>('conversationId'))
    .where('user_id', '=', slot<string>('userId')),
);

/** The user's turn marked running in a conversation, if any. */
export async function runningTurnOf(
  db: Db,
  userId: string,
  conversationId: string,
): Promise<RunningTurn | null> {
  const [row] = (await ofConversationStatement(db, { userId, conversationId })).rows;
  return row ? toTurn(row) : null;
}

/** Every turn marked running, of every user and instance (an instance's sweep as it starts). */
export async function allRunningTurns(db: Db): Promise<RunningTurn[]> {
  const rows = await db.selectFrom('running_turns').selectAll().orderBy('started_at').execute();
  return rows.map(toTurn);
}

/**
 * The marker goes, and in the same statement the conversation gets an assistant message with no
 * content and `metadata.ended` 'interrupted' after the user message the turn answered, if that
 * message is stored and still the conversation's last (otherwise the turn left a reply, or the
 * conversation went on without it, and nothing is marked). Only the reader whose delete takes the
 * marker writes the message: two reads at once mark it once. Where the conversation shows the
 * branch ending at that message, it shows the mark (lib/chat/message-tree.ts). True when it was marked.
 */
export async function markTurnInterrupted(db: Db, turn: RunningTurn): Promise<boolean> {
  const marked = await db
    .with('gone', (qc) =>
      qc
        .deleteFrom('running_turns')
        .where('conversation_id', '=', turn.conversationId)
        .where('user_id', '=', turn.userId)
        .where('turn_id', '=', turn.turnId)
        .returning(['conversation_id', 'user_id', 'message_id', 'turn_id']),
    )
    .with('marked', (qc) =>
      qc
        .insertInto('messages')
        .columns(['conversation_id', 'id', 'user_id', 'role', 'parts', 'metadata', 'parent_id'])
        .expression((eb) =>
          eb
            .selectFrom('gone')
            .innerJoin('messages as asked', (join) =>
              join
                .onRef('asked.conversation_id', '=', 'gone.conversation_id')
                .onRef('asked.user_id', '=', 'gone.user_id')
                .onRef('asked.id', '=', 'gone.message_id'),
            )
            .where('asked.role', '=', 'user')
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom('messages as later')
                    .select('later.id')
                    .whereRef('later.conversation_id', '=', 'gone.conversation_id')
                    .whereRef('later.seq', '>', 'asked.seq'),
                ),
              ),
            )
            .select([
              'gone.conversation_id',
              sql<string>`${INTERRUPTED_PREFIX} || gone.turn_id`.as('id'),
              'gone.user_id',
              sql<'assistant'>`'assistant'`.as('role'),
              sql<string>`'[]'::jsonb`.as('parts'),
              sql<string>`cast(${JSON.stringify(INTERRUPTED_METADATA)} as jsonb)`.as('metadata'),
              'gone.message_id as parent_id',
            ]),
        )
        .onConflict((oc) => oc.columns(['conversation_id', 'id']).doNothing())
        .returning(['id', 'parent_id']),
    )
    // The mark answers its message: shown where the branch shown ends at that message, in the
    // same statement (a reader never sees the mark stored and the branch shown still short of it).
    .with('shown', (qc) =>
      qc
        .updateTable('conversations')
        .from('marked')
        .set((eb) => ({ active_leaf: eb.ref('marked.id') }))
        .where('conversations.id', '=', turn.conversationId)
        .where('conversations.user_id', '=', turn.userId)
        .whereRef('conversations.active_leaf', '=', 'marked.parent_id')
        .returning('conversations.id'),
    )
    .selectFrom('marked')
    .select('id')
    .execute();
  return marked.length > 0;
}
