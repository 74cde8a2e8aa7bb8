/**
 * Secrets nobody marked: well-known credential formats found in any tool output are treated as
 * sensitive the same way as declared ones, with the reason shown (docs/sensitive-output.md).
 *
 * The built-in rules come from two places, one named rule each:
 * - secretlint's recommended preset (`secretlint-rules.ts`, names `secretlint/<rule>`), driven
 *   directly and synchronously behind a prefilter per rule;
 * - the host's own rules (`host-credential-rules.ts`) for what the preset does not catch and a chat
 *   host meets: more key formats, private key blocks of every kind (cut off ones too), URL passwords
 *   of any characters, authorization headers, `password=`/`token:` assignments.
 * `host.config.json` (`credentialPatterns`) can enable a subset by name or add patterns.
 */
import type { CredentialPattern } from './credential-pattern';
import { regexFinder } from './credential-pattern';
import { HOST_FORMAT_RULES, HOST_LABEL_RULES } from './host-credential-rules';
import { WITHHELD_MARKER } from './scrub';
import { PRESET_CREDENTIAL_RULES } from './secretlint-rules';

export type { CredentialPattern, CredentialSpan } from './credential-pattern';

/** Every built-in rule, in the order their reasons win when two find the same text. */
export const DEFAULT_CREDENTIAL_PATTERNS: readonly CredentialPattern[] = [
  ...HOST_FORMAT_RULES,
  ...PRESET_CREDENTIAL_RULES,
  ...HOST_LABEL_RULES,
];

export const DEFAULT_CREDENTIAL_PATTERN_NAMES: readonly string[] = DEFAULT_CREDENTIAL_PATTERNS.map(
  (pattern) => pattern.name,
);

/**
 * Names of built-in rules that a preset rule took over, still accepted in `enabled` so an existing
 * `host.config.json` keeps starting: each stands for the rules that now catch what it caught.
 */
export const FORMER_CREDENTIAL_PATTERN_NAMES: Readonly<Record<string, readonly string[]>> = {
  'github-token': ['secretlint/github'],
  'aws-secret-access-key': ['secretlint/aws'],
};

/** Every name `enabled` accepts: the built-in rules' and the former ones. */
export const ENABLEABLE_CREDENTIAL_PATTERN_NAMES: readonly string[] = [
  ...DEFAULT_CREDENTIAL_PATTERN_NAMES,
  ...Object.keys(FORMER_CREDENTIAL_PATTERN_NAMES),
];

/** An extra pattern from configuration: `pattern` is a regex source, `value` its optional named group. */
export interface ExtraCredentialPattern {
  readonly name: string;
  readonly reason: string;
  readonly pattern: string;
  readonly flags?: string;
}

export interface CredentialConfig {
  /** Names of the built-in rules to use; all of them when absent. */
  readonly enabled?: readonly string[];
  readonly extra?: readonly ExtraCredentialPattern[];
}

export class CredentialConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CredentialConfigError';
  }
}

/** The patterns a configuration asks for: unknown names, duplicate names and bad regexes throw. */
export function credentialPatterns(config: CredentialConfig = {}): readonly CredentialPattern[] {
  const enabled = new Set<string>();
  for (const name of config.enabled ?? DEFAULT_CREDENTIAL_PATTERN_NAMES) {
    if (!ENABLEABLE_CREDENTIAL_PATTERN_NAMES.includes(name)) {
      throw new CredentialConfigError(
        `Unknown credential pattern "${name}"; known: ${DEFAULT_CREDENTIAL_PATTERN_NAMES.join(', ')}`,
      );
    }
    for (const each of FORMER_CREDENTIAL_PATTERN_NAMES[name] ?? [name]) enabled.add(each);
  }
  const chosen = DEFAULT_CREDENTIAL_PATTERNS.filter((pattern) => enabled.has(pattern.name));
  const extra = (config.extra ?? []).map(compileExtra);
  const names = new Set<string>();
  for (const pattern of [...chosen, ...extra]) {
    if (names.has(pattern.name))
      throw new CredentialConfigError(`Duplicate credential pattern "${pattern.name}"`);
    names.add(pattern.name);
  }
  return [...chosen, ...extra];
}

function compileExtra(extra: ExtraCredentialPattern): CredentialPattern {
  let regex: RegExp;
  try {
    regex = new RegExp(extra.pattern, `${(extra.flags ?? '').replaceAll('g', '')}g`);
  } catch (error) {
    throw new CredentialConfigError(
      `Credential pattern "${extra.name}" is not a valid regular expression: ${(error as Error).message}`,
    );
  }
  // A pattern that matches the empty string would withhold nothing yet match everywhere.
  if (regex.test(''))
    throw new CredentialConfigError(`Credential pattern "${extra.name}" matches the empty string`);
  regex.lastIndex = 0;
  return { name: extra.name, reason: extra.reason, find: regexFinder(regex) };
}

export interface CredentialFinding {
  readonly pattern: string;
  readonly reason: string;
  /** The secret itself. */
  readonly value: string;
  /** Where the secret is in the text: [start, end). */
  readonly start: number;
  readonly end: number;
}

interface Found {
  start: number;
  end: number;
  /** The pattern's place in the list: the earliest one's name and reason are shown. */
  rank: number;
  pattern: string;
  reason: string;
}

/**
 * Every credential in a text, in order, not overlapping. Findings of several rules that overlap are
 * joined into one that covers them all (withholding the union leaves no part of either in plain
 * text), named by the earliest rule in the list.
 */
export function findCredentials(text: string, patterns: readonly CredentialPattern[]): CredentialFinding[] {
  const found: Found[] = [];
  patterns.forEach(({ name, reason, find, mayMatch }, rank) => {
    if (mayMatch && !mayMatch(text)) return;
    for (const span of find(text)) {
      if (span.end > span.start) found.push({ ...span, rank, pattern: name, reason: span.reason ?? reason });
    }
  });
  if (found.length === 0) return [];
  found.sort((a, b) => a.start - b.start || a.rank - b.rank);
  const joined: Found[] = [];
  for (const next of found) {
    const last = joined.at(-1);
    if (last && next.start < last.end) {
      last.end = Math.max(last.end, next.end);
      if (next.rank < last.rank)
        Object.assign(last, { rank: next.rank, pattern: next.pattern, reason: next.reason });
    } else {
      joined.push({ ...next });
    }
  }
  return joined.map(({ pattern, reason, start, end }) => ({
    pattern,
    reason,
    value: text.slice(start, end),
    start,
    end,
  }));
}

/**
 * False only when no pattern can match anywhere in the text: each has a `mayMatch` and each fails.
 * Asked of a value's JSON serialization, it answers for every string in the value (keys too) at once.
 */
export function mayHoldCredential(text: string, patterns: readonly CredentialPattern[]): boolean {
  return patterns.some((pattern) => !pattern.mayMatch || pattern.mayMatch(text));
}

/** The text with every credential replaced by the marker, and what was found. */
export function maskCredentials(
  text: string,
  patterns: readonly CredentialPattern[],
): { text: string; findings: CredentialFinding[] } {
  const findings = findCredentials(text, patterns);
  let out = '';
  let at = 0;
  for (const finding of findings) {
    out += text.slice(at, finding.start) + WITHHELD_MARKER;
    at = finding.end;
  }
  return { text: out + text.slice(at), findings };
}
