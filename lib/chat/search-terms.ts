/** Marks around a matched word in a search snippet: control characters no message text is shown with. */
export const MATCH_START = '\u0002';
export const MATCH_END = '\u0003';

/** At most this many words of a query are searched for. */
const MAX_TERMS = 8;

/**
 * A typed search as a PostgreSQL `tsquery` of prefixes ("refun" finds "refunds"), every word
 * required: the words of the query (letters and digits of any script), nothing of its punctuation,
 * so no input is query syntax. Null when nothing in it can be searched for.
 */
export function searchTerms(query: string): string | null {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms = [...new Set(words)].slice(0, MAX_TERMS).map((word) => `${word.slice(0, 64)}:*`);
  return terms.length > 0 ? terms.join(' & ') : null;
}

/** A snippet as runs of text, each matched or not, for the browser to mark without any HTML. */
export function snippetRuns(snippet: string): Array<{ text: string; match: boolean }> {
  const runs: Array<{ text: string; match: boolean }> = [];
  for (const [i, piece] of snippet.split(MATCH_START).entries()) {
    if (i === 0) {
      if (piece) runs.push({ text: piece, match: false });
      continue;
    }
    const end = piece.indexOf(MATCH_END);
    const matched = end >= 0 ? piece.slice(0, end) : piece;
    const rest = end >= 0 ? piece.slice(end + 1) : '';
    if (matched) runs.push({ text: matched, match: true });
    if (rest) runs.push({ text: rest, match: false });
  }
  return runs;
}

/** A conversation found by the text of one of its messages (GET /api/search): its newest match. */
export interface MessageHit {
  conversationId: string;
  title: string;
  messageId: string;
  role: string;
  /** Words around the match, each matched word between MATCH_START and MATCH_END. */
  snippet: string;
  at: string;
}
