/**
 * What one credential rule is, and the two ways rules are written: a regex (the host's own rules and
 * those from configuration) or a function (the secretlint preset's rules, driven in
 * `secretlint-rules.ts`). Kept apart from `credentials.ts` so the rule modules and the module that
 * assembles them do not import each other.
 */

/** Where one secret is in a text: [start, end), and why it is one when the rule knows better than its name. */
export interface CredentialSpan {
  readonly start: number;
  readonly end: number;
  readonly reason?: string;
}

export interface CredentialPattern {
  readonly name: string;
  /** Shown to the user: why this value was withheld from the model. */
  readonly reason: string;
  /** Every secret the rule finds in the text. Pure: no state survives between calls. */
  readonly find: (text: string) => Iterable<CredentialSpan>;
  /**
   * A necessary condition for a match, far cheaper than `find` (a literal every match contains): a
   * text that fails it is not scanned. Patterns from configuration have none. Its literals hold no
   * character JSON.stringify escapes, so it may be asked of a whole serialized value for every string
   * in it at once (`mayHoldCredential`).
   */
  readonly mayMatch?: (text: string) => boolean;
}

/** The longest prefix all the literals share. */
function sharedPrefix(literals: readonly string[]): string {
  let prefix = literals[0] ?? '';
  for (const literal of literals) while (!literal.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix;
}

/** Characters rare in prose and JSON, rarest first: a literal holding one is searched for only where it occurs. */
const RARE = ['_', '=', '-', '.', ':'];

/**
 * Whether the text contains one of the literals. Two cheaper searches go first, each a necessary
 * condition: a rare character every literal holds (one `indexOf` of a single character), and the
 * prefix the literals share when it is two characters or more.
 */
export function containsAny(...literals: string[]): (text: string) => boolean {
  const rare = RARE.find((char) => literals.every((literal) => literal.includes(char)));
  const prefix = literals.length > 1 ? sharedPrefix(literals) : '';
  const gates = [...(rare ? [rare] : []), ...(prefix.length >= 2 ? [prefix] : [])];
  return (text) =>
    gates.every((gate) => text.includes(gate)) && literals.some((literal) => text.includes(literal));
}

/**
 * Whether some `mark` in the text has `around(text, index)` true: a prefilter for a format with no
 * fixed literal, checked at each occurrence of a character every match contains (rare in most text).
 */
export function aroundAny(
  mark: string,
  around: (text: string, index: number) => boolean,
): (text: string) => boolean {
  return (text) => {
    for (let at = text.indexOf(mark); at >= 0; at = text.indexOf(mark, at + 1))
      if (around(text, at)) return true;
    return false;
  };
}

/**
 * Whether one of the labels (lower case; matched case-insensitively) ends just before some `:` or
 * `=` in the text, past blanks (raw or JSON-escaped `\\t`), a closing quote and JSON's backslash
 * before it. The label rules' prefilter: a look back from each separator rather than a
 * case-insensitive regex over the whole text, which cannot skip ahead; most separators are turned
 * away by the one letter before them.
 */
export function labelBeforeSeparator(labels: readonly string[]): (text: string) => boolean {
  const lastLetters = new Set(labels.map((label) => label.charAt(label.length - 1)));
  const before = (text: string, at: number) => {
    let end = at;
    for (;;) {
      const last = text.charAt(end - 1);
      if (last === ' ' || last === '\t') end--;
      else if (last === 't' && text.charAt(end - 2) === '\\') end -= 2;
      else break;
    }
    if (text.charAt(end - 1) === '"' || text.charAt(end - 1) === "'") end--;
    if (text.charAt(end - 1) === '\\') end--;
    if (!lastLetters.has(text.charAt(end - 1).toLowerCase())) return false;
    return labels.some((label) => text.slice(end - label.length, end).toLowerCase() === label);
  };
  const colon = aroundAny(':', before);
  const equals = aroundAny('=', before);
  return (text) => colon(text) || equals(text);
}

/** Whether the `count` characters of the text from `start` are all in the class. */
export function runOf(
  text: string,
  start: number,
  count: number,
  inClass: (code: number) => boolean,
): boolean {
  if (start < 0 || start + count > text.length) return false;
  for (let i = start; i < start + count; i++) if (!inClass(text.charCodeAt(i))) return false;
  return true;
}

export const isDigit = (code: number): boolean => code >= 48 && code <= 57;
export const isLowerHex = (code: number): boolean => isDigit(code) || (code >= 97 && code <= 102);

/** Necessary-condition regexes are asked with `test`, so they must not carry state between calls. */
export const matchesRegex =
  (regex: RegExp) =>
  (text: string): boolean => {
    if (regex.global || regex.sticky) throw new Error('a prefilter regex must not be global or sticky');
    return regex.test(text);
  };

const indexed = new WeakMap<RegExp, RegExp>();

/** The regex with match indices (`d`) and global, built once per regex. */
function withIndices(regex: RegExp): RegExp {
  let built = indexed.get(regex);
  if (!built) {
    const flags = new Set([...regex.flags, 'd', 'g']);
    built = new RegExp(regex.source, [...flags].join(''));
    indexed.set(regex, built);
  }
  return built;
}

/**
 * A finder from a regex: the named group `value` is the secret when present, otherwise the whole
 * match. `accept` may refuse a candidate (a placeholder, a word of prose) by its value and place.
 */
export function regexFinder(
  regex: RegExp,
  accept?: (value: string, text: string, start: number, end: number) => boolean,
): (text: string) => CredentialSpan[] {
  return (text) => {
    const spans: CredentialSpan[] = [];
    for (const match of text.matchAll(withIndices(regex))) {
      if (match[0].length === 0) continue;
      const [start, end] = match.indices?.groups?.value ?? [match.index, match.index + match[0].length];
      if (end <= start) continue;
      if (accept && !accept(text.slice(start, end), text, start, end)) continue;
      spans.push({ start, end });
    }
    return spans;
  };
}
