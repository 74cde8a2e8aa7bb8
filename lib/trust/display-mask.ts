/**
 * Masking on reopen (WebMCP sensitive-output proposal, sections 1, 3 and 4). A value withheld from the model (declared by `sensitiveHint` or `x-sensitive`,
 * or detected by the credential scan) was shown to the user in the live turn. When the conversation
 * is opened again, the stored output is sent to the browser with each such value replaced by a
 * numbered mask, and the list of masks the user may reveal: the plain value stays on the server
 * until the user asks for it, as a `secret_reference` does (section 4). The model's view is not
 * touched here: it already reads markers (redaction.ts).
 *
 * A value long enough to be scrubbed (`MIN_SCRUB_LENGTH`) is masked wherever it occurs, in every
 * searched form (scrub.ts); a shorter one only where a whole string or number equals it, so a short
 * value ("e2e", "1") does not eat ordinary words. Longer values are masked first, so one inside
 * another is never left half visible. A `secret_reference` item is left whole: it holds no secret,
 * and its id is what its own Reveal names.
 */
import { type CredentialPattern, DEFAULT_CREDENTIAL_PATTERNS, findCredentials } from './credentials';
import { isScrubbable, searchedForms } from './scrub';

/** One masked value as the browser knows it: an id to ask for it by, and words to name it. */
export interface MaskedValueView {
  /** The value's index in the stored output's `withheld.values`. */
  readonly id: string;
  readonly label: string;
}

/** What the browser reads in place of the value numbered `n` (1-based) of a result. */
export function maskText(n: number): string {
  return `[sensitive value ${n} hidden; use Reveal below]`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isReference(value: unknown): boolean {
  return isRecord(value) && value.type === 'secret_reference';
}

/** The id and URL of every `secret_reference` item: handles, not secrets, and never masked. */
function referenceHandles(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) referenceHandles(item, out);
  else if (isRecord(value)) {
    if (isReference(value)) {
      for (const field of ['id', 'redeemUrl'])
        if (typeof value[field] === 'string') out.add(value[field] as string);
    } else for (const item of Object.values(value)) referenceHandles(item, out);
  }
  return out;
}

/** The values a stored tool output withheld from the model (`withheld.values`), as stored. */
function storedValues(output: unknown): unknown[] {
  const withheld = isRecord(output) ? output.withheld : undefined;
  return isRecord(withheld) && Array.isArray(withheld.values) ? withheld.values : [];
}

interface Candidate {
  readonly index: number;
  readonly value: string;
  /** Forms searched inside strings; empty for a short value (masked only where it is a whole string). */
  readonly forms: readonly string[];
}

/** The withheld values of an output that are masked for display, longest first. */
function candidatesOf(output: unknown): Candidate[] {
  const handles = referenceHandles(output);
  const candidates: Candidate[] = [];
  storedValues(output).forEach((value, index) => {
    if (typeof value !== 'string' || value.length === 0 || handles.has(value)) return;
    candidates.push({ index, value, forms: isScrubbable(value) ? searchedForms(value) : [] });
  });
  return candidates.sort((a, b) => b.value.length - a.value.length || a.index - b.index);
}

// A stand-in (private-use characters) swapped for the numbered mask once the numbers are known. One a
// tool wrote itself stays as it is, unless it names a value of its own result (which its owner saw).
const token = (index: number) => `\uE000mask:${index}\uE001`;
const TOKEN = /\uE000mask:(\d+)\uE001/g;

function tokenize(text: string, candidates: readonly Candidate[]): string {
  let out = text;
  for (const { index, value, forms } of candidates) {
    if (out === value) return token(index);
    for (const form of forms) if (out.includes(form)) out = out.split(form).join(token(index));
  }
  return out;
}

function mapValue(
  value: unknown,
  visit: (text: string) => string,
  visitNumber: (n: number) => unknown,
): unknown {
  if (typeof value === 'string') return visit(value);
  if (typeof value === 'number') return visitNumber(value);
  if (Array.isArray(value)) return value.map((item) => mapValue(item, visit, visitNumber));
  if (isRecord(value)) {
    if (isReference(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[visit(key)] = mapValue(item, visit, visitNumber);
    return out;
  }
  return value;
}

/** How the mask is named for the user: the credential kind, else the field it was in, else its number only. */
function labelOf(
  n: number,
  value: string,
  structured: unknown,
  patterns: readonly CredentialPattern[],
): string {
  const credential = findCredentials(value, patterns).find((finding) => finding.value === value);
  if (credential) return `Sensitive value ${n}: ${credential.reason}`;
  if (isRecord(structured)) {
    const field = Object.entries(structured).find(([, item]) => item === value)?.[0];
    if (field) return `Sensitive value ${n}: the field ${field}`;
  }
  return `Sensitive value ${n}`;
}

export interface MaskedOutput {
  /** The output with each masked value replaced, and `withheld.values` dropped. */
  readonly output: unknown;
  /** The masks the user may reveal, numbered in the order they first occur in the output. */
  readonly masked: readonly MaskedValueView[];
}

/** A stored tool output as the browser gets it on reopen (see the module comment). */
export function maskToolOutput(
  output: unknown,
  patterns: readonly CredentialPattern[] = DEFAULT_CREDENTIAL_PATTERNS,
): MaskedOutput {
  if (!isRecord(output) || !isRecord(output.withheld)) return { output, masked: [] };
  const candidates = candidatesOf(output);
  const { withheld, ...rest } = output;
  const { values: _values, ...kept } = withheld;
  const byNumber = new Map(candidates.map((c) => [c.value, c.index]));
  const tokenized = mapValue(
    rest,
    (text) => tokenize(text, candidates),
    (n) => (byNumber.has(String(n)) ? token(byNumber.get(String(n)) ?? 0) : n),
  );
  // Numbered in reading order (the result's text before its structured content), counting only those found.
  // What the card reads (the result) is walked first, so the envelope's copy does not number first.
  const found = new Set<number>();
  const indices = new Set(candidates.map((c) => c.index));
  const tokenizedView = isRecord(tokenized) && isRecord(tokenized.view) ? tokenized.view : undefined;
  mapValue(
    [tokenizedView?.result, tokenized],
    (text) => {
      for (const match of text.matchAll(TOKEN))
        if (indices.has(Number(match[1]))) found.add(Number(match[1]));
      return text;
    },
    (n) => n,
  );
  const order = [...found];
  const numberOf = new Map(order.map((index, position) => [index, position + 1]));
  const masked = mapValue(
    tokenized,
    (text) =>
      text.replace(TOKEN, (match, index: string) => {
        const n = numberOf.get(Number(index));
        return n === undefined ? match : maskText(n);
      }),
    (n) => n,
  ) as Record<string, unknown>;
  const values = storedValues(output);
  const view = isRecord(output.view) ? output.view : undefined;
  const structured = isRecord(view?.result) ? view.result.structuredContent : undefined;
  const list = order.map((index) => ({
    id: String(index),
    label: labelOf(numberOf.get(index) ?? 0, String(values[index]), structured, patterns),
  }));
  return {
    output: { ...masked, withheld: kept, ...(list.length > 0 ? { masked: list } : {}) },
    masked: list,
  };
}

/** The plain value behind the mask `id` of a stored output, if that mask is one the user is shown. */
export function maskedValue(
  output: unknown,
  id: string,
  patterns: readonly CredentialPattern[] = DEFAULT_CREDENTIAL_PATTERNS,
): string | undefined {
  if (!maskToolOutput(output, patterns).masked.some((mask) => mask.id === id)) return undefined;
  const value = storedValues(output)[Number(id)];
  return typeof value === 'string' ? value : undefined;
}
