import 'server-only';
import { sql } from 'kysely';
import { MATCH_END, MATCH_START, type MessageHit, searchTerms } from '../../chat/search-terms';
import type { Db } from '../connect';

/**
 * The text parts of a message as a jsonb array of strings: what was said, never a tool's input or
 * output (sealed and withheld values live there). The same expression as the migration's index
 * (0014-message-search), so the planner uses it.
 */
const SAID = sql.raw(`jsonb_path_query_array(m.parts, '$[*] ? (@.type == "text").text')`);

const HEADLINE = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=20, MinWords=8, MaxFragments=1, FragmentDelimiter=" … "`;

/**
 * The user's own conversations whose messages say every word of `query` (as prefixes): one hit a
 * conversation, its newest matching message, newest conversations first. Another user's messages
 * are never read: the owner is part of the match.
 */
export async function searchMessages(
  db: Db,
  userId: string,
  query: string,
  limit = 20,
): Promise<MessageHit[]> {
  const terms = searchTerms(query);
  if (!terms) return [];
  const { rows } = await sql<{
    conversation_id: string;
    title: string;
    id: string;
    role: string;
    created_at: Date | string;
    snippet: string | null;
  }>`
    select * from (
      select distinct on (m.conversation_id)
        m.conversation_id, c.title, m.id, m.role, m.created_at,
        ts_headline('simple',
          (select string_agg(said, ' ') from jsonb_array_elements_text(${SAID}) as said),
          q, ${HEADLINE}) as snippet
      from messages m
      join conversations c on c.id = m.conversation_id and c.user_id = m.user_id,
        to_tsquery('simple', ${terms}) as q
      where m.user_id = ${userId} and to_tsvector('simple', ${SAID}) @@ q
      order by m.conversation_id, m.seq desc
    ) as hits
    order by created_at desc
    limit ${limit}`.execute(db);
  return rows.map((row) => ({
    conversationId: row.conversation_id,
    title: row.title,
    messageId: row.id,
    role: row.role,
    snippet: row.snippet ?? '',
    at: new Date(row.created_at).toISOString(),
  }));
}
