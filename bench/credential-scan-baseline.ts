/**
 * The credential scanner as it was before the secretlint preset (a hand-kept regex list with a literal
 * prefilter per pattern), kept verbatim so the bench measures the new scan against it in the same run.
 * Not used by the host.
 */
export interface BaselineCredentialPattern {
  readonly name: string;
  /** Shown to the user: why this value was withheld from the model. */
  readonly reason: string;
  /** Global regex; an optional named group `value` is the secret part of the match. */
  readonly regex: RegExp;
  /**
   * A necessary condition for a match, far cheaper than the regex (a literal every match
   * contains): a text that fails it is not scanned. Patterns from configuration have none.
   * Its literals hold no character JSON.stringify escapes, so it may be asked of a whole serialized
   * value for every string in it at once (`mayHoldCredential`).
   */
  readonly mayMatch?: (text: string) => boolean;
}

const containsAny =
  (...literals: string[]) =>
  (text: string) =>
    literals.some((literal) => text.includes(literal));

export const BASELINE_CREDENTIAL_PATTERNS: readonly BaselineCredentialPattern[] = [
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

interface CredentialFinding {
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

export function baselineFindCredentials(
  text: string,
  patterns: readonly BaselineCredentialPattern[],
): CredentialFinding[] {
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
export function baselineMayHoldCredential(
  text: string,
  patterns: readonly BaselineCredentialPattern[],
): boolean {
  return patterns.some((pattern) => !pattern.mayMatch || pattern.mayMatch(text));
}
