/**
 * Scrubbing: once a value is known to be sensitive in a conversation,
 * every later thing that goes to the model (tool results, `ui/update-model-context`, `ui/message`,
 * derived results) has each occurrence replaced by the marker. Occurrences are found verbatim, as they
 * appear inside a JSON string (`JSON.stringify` escaping) and URL-encoded (`encodeURIComponent`, and
 * the form variant with `+` for spaces).
 *
 * Values shorter than `MIN_SCRUB_LENGTH` (8) are ignored: replacing every "true", "prod" or "1234"
 * the model ever reads would destroy ordinary text and teach nothing. An 8-character floor keeps
 * every credential format in `credentials.ts` and short real secrets (passwords of 8+) while leaving
 * words alone. Values that occur inside the marker itself are ignored too, so scrubbing is idempotent.
 */

/** What the model reads in place of a withheld value: that one was withheld and where the user sees it. */
export const WITHHELD_MARKER = '[sensitive value withheld; the user can see it in the tool card]';

/** Values shorter than this many characters are never scrubbed (see the module comment). */
export const MIN_SCRUB_LENGTH = 8;

/** A conversation's scrub set: the sensitive values, and every form of them that is searched for. */
export interface ScrubSet {
  readonly values: readonly string[];
  /** All searched forms, longest first, so a longer form is replaced before a shorter one inside it. */
  readonly needles: readonly string[];
}

/** Whether a value is long enough, and not part of the marker, to be scrubbed. */
export function isScrubbable(value: string): boolean {
  return value.length >= MIN_SCRUB_LENGTH && !WITHHELD_MARKER.includes(value);
}

/** Every form of a value that is searched for (verbatim, JSON-escaped, URL-encoded), longest first, deduplicated. */
export function searchedForms(value: string): string[] {
  return [...new Set(formsOf(value))].sort((a, b) => b.length - a.length);
}

function formsOf(value: string): string[] {
  const uri = encodeURIComponent(value);
  return [value, JSON.stringify(value).slice(1, -1), uri, uri.replaceAll('%20', '+')];
}

/** Builds a scrub set from values (deduplicated; too-short values dropped). */
export function createScrubSet(values: Iterable<string>): ScrubSet {
  const kept = [...new Set([...values].filter(isScrubbable))].sort();
  const needles = [...new Set(kept.flatMap(formsOf))].filter(isScrubbable);
  needles.sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0));
  return { values: kept, needles };
}

/** A scrub set with more values added (the conversation's set grows; it never shrinks). */
export function extendScrubSet(set: ScrubSet, values: Iterable<string>): ScrubSet {
  return createScrubSet([...set.values, ...values]);
}

/** Replaces every occurrence of every form of every value in the set with the marker. */
export function scrubString(text: string, set: ScrubSet): string {
  let out = text;
  for (const needle of set.needles) if (out.includes(needle)) out = out.split(needle).join(WITHHELD_MARKER);
  return out;
}

/** Scrubs every string of a JSON-like value (object keys too, and numbers equal to a value), returning a new value. */
export function scrubValue<T>(value: T, set: ScrubSet): T {
  return scrubUnknown(value, set) as T;
}

function scrubUnknown(value: unknown, set: ScrubSet): unknown {
  if (set.needles.length === 0) return value;
  if (typeof value === 'string') return scrubString(value, set);
  // A number equal to a known sensitive value (a PIN, a card number) is withheld like a string.
  if (typeof value === 'number' && set.values.includes(String(value))) return WITHHELD_MARKER;
  if (Array.isArray(value)) return value.map((item) => scrubUnknown(item, set));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[scrubString(key, set)] = scrubUnknown(item, set);
    return out;
  }
  return value;
}
