/**
 * Secrets nobody marked (issue 12, item 1): well-known credential formats found in any tool output
 * are treated as sensitive the same way as declared ones, with the reason shown. The list is
 * documented here, one named pattern each, and configurable (`credentialPatterns`) so
 * `host.config.json` can enable a subset or add patterns.
 *
 * Each pattern is written to match the issuer's format, not "anything long and random": prefixes,
 * lengths and alphabets are fixed where the issuer fixes them, so ordinary prose, hashes, UUIDs and
 * placeholders (`sk-...`, `postgres://user:${PASSWORD}@db`) do not match. A pattern may capture the
 * secret part in a named group `value` (a connection string's password, an AWS secret key after its
 * label); otherwise the whole match is the secret.
 */
import { WITHHELD_MARKER } from './scrub';

export interface CredentialPattern {
  readonly name: string;
  /** Shown to the user: why this value was withheld from the model. */
  readonly reason: string;
  /** Global regex; an optional named group `value` is the secret part of the match. */
  readonly regex: RegExp;
  /**
   * A necessary condition for a match, far cheaper than the regex (a literal every match
   * contains): a text that fails it is not scanned (issue 14). Patterns from configuration have none.
   * Its literals hold no character JSON.stringify escapes, so it may be asked of a whole serialized
   * value for every string in it at once (`mayHoldCredential`).
   */
  readonly mayMatch?: (text: string) => boolean;
}

const containsAny =
  (...literals: string[]) =>
  (text: string) =>
    literals.some((literal) => text.includes(literal));

export const DEFAULT_CREDENTIAL_PATTERNS: readonly CredentialPattern[] = [
  {
    name: 'pem-private-key',
    reason: 'a PEM private key',
    regex: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----[\s\S]*?-----END (?:[A-Z0-9]+ )*PRIVATE KEY-----/g,
    mayMatch: containsAny('PRIVATE KEY-----'),
  },
  {
    name: 'aws-access-key-id',
    reason: 'an AWS access key id',
    regex: /\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/g,
    mayMatch: containsAny('AKIA', 'ASIA', 'ABIA', 'ACCA'),
  },
  {
    // Forty base64 characters are too common alone (hashes, ids): only after an AWS secret-key label.
    name: 'aws-secret-access-key',
    reason: 'an AWS secret access key',
    regex:
      /\baws_?secret_?(?:access_?)?key\b["']?\s*[:=]\s*["']?(?<value>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])/gi,
    mayMatch: (text) => /aws_?secret/i.test(text),
  },
  {
    name: 'github-token',
    reason: 'a GitHub token',
    regex: /\b(?:gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59})\b/g,
    mayMatch: containsAny('ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_'),
  },
  {
    // Before openai-api-key: an Anthropic key also starts with `sk-`.
    name: 'anthropic-api-key',
    reason: 'an Anthropic API key',
    regex: /\bsk-ant-[a-z]+\d*-[A-Za-z0-9_-]{32,}/g,
    mayMatch: containsAny('sk-ant-'),
  },
  {
    // sk-, sk-proj-, sk-svcacct-, sk-admin-: at least 32 key characters, one of them a digit.
    name: 'openai-api-key',
    reason: 'an OpenAI API key',
    regex: /\bsk-(?:proj-|svcacct-|admin-)?(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{32,}/g,
    mayMatch: containsAny('sk-'),
  },
  {
    name: 'slack-token',
    reason: 'a Slack token',
    regex: /\bxox[abeoprs]-\d{6,}-[A-Za-z0-9-]{10,}/g,
    mayMatch: containsAny('xox'),
  },
  {
    name: 'stripe-secret-key',
    reason: 'a Stripe secret or restricted key',
    regex: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}/g,
    mayMatch: containsAny('_live_', '_test_'),
  },
  {
    name: 'google-api-key',
    reason: 'a Google API key',
    regex: /\bAIza[A-Za-z0-9_-]{35}(?![A-Za-z0-9_-])/g,
    mayMatch: containsAny('AIza'),
  },
  {
    // Header and payload are base64url JSON objects (`eyJ` is `{"`); a signature is required.
    name: 'jwt',
    reason: 'a JSON Web Token',
    regex: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}/g,
    mayMatch: containsAny('eyJ'),
  },
  {
    // scheme://user:password@host; placeholders (${VAR}, <password>, ****) are not passwords.
    name: 'connection-string-password',
    reason: 'a password in a connection string',
    regex:
      /\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@"'<>]+:(?![*x]+@|\$\{|\$[A-Z_]|<|%3C)(?<value>[^\s@/"'<>]+)@[^\s/"'<>]/gi,
    mayMatch: (text) => text.includes('://') && text.includes('@'),
  },
];

export const DEFAULT_CREDENTIAL_PATTERN_NAMES: readonly string[] = DEFAULT_CREDENTIAL_PATTERNS.map(
  (pattern) => pattern.name,
);

/** An extra pattern from configuration: `pattern` is a regex source, `value` its optional named group. */
export interface ExtraCredentialPattern {
  readonly name: string;
  readonly reason: string;
  readonly pattern: string;
  readonly flags?: string;
}

export interface CredentialConfig {
  /** Names of the default patterns to use; all of them when absent. */
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
  const enabled = config.enabled ?? DEFAULT_CREDENTIAL_PATTERN_NAMES;
  for (const name of enabled) {
    if (!DEFAULT_CREDENTIAL_PATTERN_NAMES.includes(name)) {
      throw new CredentialConfigError(
        `Unknown credential pattern "${name}"; known: ${DEFAULT_CREDENTIAL_PATTERN_NAMES.join(', ')}`,
      );
    }
  }
  const chosen = DEFAULT_CREDENTIAL_PATTERNS.filter((pattern) => enabled.includes(pattern.name));
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
  return { name: extra.name, reason: extra.reason, regex };
}

export interface CredentialFinding {
  readonly pattern: string;
  readonly reason: string;
  /** The secret itself (the `value` group, or the whole match). */
  readonly value: string;
  /** Where the secret is in the text: [start, end). */
  readonly start: number;
  readonly end: number;
}

/** Every credential in a text, in order, not overlapping (an earlier pattern in the list wins). */
const indexed = new WeakMap<RegExp, RegExp>();

/** The pattern's regex with match indices (`d`), built once per pattern. */
function withIndices(regex: RegExp): RegExp {
  if (regex.flags.includes('d')) return regex;
  let built = indexed.get(regex);
  if (!built) {
    built = new RegExp(regex.source, `${regex.flags}d`);
    indexed.set(regex, built);
  }
  return built;
}

export function findCredentials(text: string, patterns: readonly CredentialPattern[]): CredentialFinding[] {
  const found: CredentialFinding[] = [];
  for (const { name, reason, regex, mayMatch } of patterns) {
    if (mayMatch && !mayMatch(text)) continue;
    for (const match of text.matchAll(withIndices(regex))) {
      if (match[0].length === 0) continue;
      const [start, end] = match.indices?.groups?.value ?? [match.index, match.index + match[0].length];
      const value = text.slice(start, end);
      if (found.some((other) => start < other.end && other.start < end)) continue;
      found.push({ pattern: name, reason, value, start, end });
    }
  }
  return found.sort((a, b) => a.start - b.start);
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
