/**
 * The host's own credential rules: what the secretlint preset (`secretlint-rules.ts`) does not catch
 * and a chat host meets in tool output. Each is written to the issuer's format, not "anything long
 * and random": prefixes, lengths and alphabets are fixed where the issuer fixes them, so prose,
 * hashes, UUIDs and placeholders (`sk-...`, `postgres://user:${PASSWORD}@db`) do not match. Rules that
 * take any value after a label (headers, assignments, URL passwords) skip placeholders.
 */
import {
  aroundAny,
  type CredentialPattern,
  type CredentialSpan,
  containsAny,
  isDigit,
  isLowerHex,
  labelBeforeSeparator,
  regexFinder,
  runOf,
} from './credential-pattern';
import { isPlaceholderSecret } from './placeholder';
import { findUrlPasswords } from './url-password';

/** Some key material: a block's body holds a run of base64, a sentence that names the header does not. */
const KEY_MATERIAL = /[A-Za-z0-9+/]{16,}/;

/**
 * Any private key block (PKCS#1/#8, SEC1, OpenSSH, PGP, DSA, encrypted), from its BEGIN line to its
 * END line, or to the end of the text when the END line is missing: a key cut off by a tool's output
 * limit is still a key, and what is left of it is withheld.
 */
const PRIVATE_KEY_BLOCK =
  /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]*?-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|[\s\S]*)/g;

/**
 * Header names whose value is a credential: `Authorization`, `Proxy-Authorization`, `Api-Key`,
 * `X-Api-Key`, `X-Auth-Token` and other `X-…-Key/Token/Secret` headers, GitLab's `Private-Token`.
 * The value runs to the end of the line (or a closing quote); a scheme word before it (Bearer, Basic,
 * Token, ...) is left visible.
 */
const CREDENTIAL_HEADER =
  /(?<![\w-])(?:(?:proxy-)?authorization|x-[\w-]*?(?:api-?key|token|secret|auth)|api-?key|private-token)["']?[ \t]*[:=][ \t]*["']?(?:(?:bearer|basic|token|digest|negotiate|ntlm|apikey|key|sso-key)[ \t]+)?(?<value>[^\s"'\\][^"'\\\r\n]*)/gi;

/**
 * `password: "..."`, `token=...`, JSON `"password":"..."`, `client_secret => '...'`. The label must be
 * followed by the separator (`max_tokens=4096` and `password_hint:` are not credentials); a quoted
 * value is taken whole, an unquoted one to the next space or separator.
 */
const SECRET_ASSIGNMENT =
  /(?<label>passw(?:or)?d|pwd|secret|token|api[_-]?key|access[_-]?key|auth[_-]?key)["']?[ \t]*(?::=|=>|:|=)[ \t]*(?:"(?<dq>(?:[^"\\\r\n]|\\.)*)"|'(?<sq>[^'\r\n]*)'|(?<bare>[^\s"',;&)<>]+))/gi;

/** Shorter values after these labels are words (`token: none`, `secret: yes`), not credentials. */
const MIN_PASSWORD = 4;
const MIN_OTHER_SECRET = 8;

function assignmentSpans(text: string): CredentialSpan[] {
  const spans: CredentialSpan[] = [];
  SECRET_ASSIGNMENT.lastIndex = 0;
  for (let match = SECRET_ASSIGNMENT.exec(text); match; match = SECRET_ASSIGNMENT.exec(text)) {
    const groups = match.groups ?? {};
    const value = groups.dq ?? groups.sq ?? groups.bare ?? '';
    const label = (groups.label ?? '').toLowerCase();
    const min = label.startsWith('p') ? MIN_PASSWORD : MIN_OTHER_SECRET;
    const end = match.index + match[0].length - (groups.bare === undefined ? 1 : 0);
    const start = end - value.length;
    if (value.length < min || isPlaceholderSecret(value)) continue;
    // "Reset your password: click the link" is prose: one lower-case word followed by more words.
    if (groups.bare !== undefined && /^[a-z]+$/.test(value) && / [a-z]/.test(text.slice(end, end + 2)))
      continue;
    spans.push({ start, end });
  }
  return spans;
}

/**
 * A header value that looks like a credential: its first word eight characters or more, with a digit,
 * a symbol of the token alphabets or a change of case inside it. `Authorization: required` in API docs is a word.
 */
function credentialLike(value: string): boolean {
  const first = value.split(/\s/, 1)[0] ?? '';
  if (first.length < MIN_OTHER_SECRET || isPlaceholderSecret(value.trimEnd())) return false;
  return /\d|[_+/=.~:-]|[a-z][A-Z]/.test(first);
}

/** The header's value without trailing blanks (the line's end is not part of the credential). */
function headerSpans(text: string): CredentialSpan[] {
  return regexFinder(
    CREDENTIAL_HEADER,
    credentialLike,
  )(text).map(({ start, end }) => ({
    start,
    end: start + text.slice(start, end).trimEnd().length,
  }));
}

/** `<32 hex>-<8 hex>-`: the shape of a newer Mailgun key, found without a regex over the whole text. */
const hexDashHexDash = aroundAny(
  '-',
  (t, at) => t.charAt(at + 9) === '-' && runOf(t, at - 32, 32, isLowerHex),
);

/**
 * The host's rules for issuers' formats. When two rules find the same text the earlier one's reason
 * is shown: these come before the preset's, the label rules below after it.
 */
export const HOST_FORMAT_RULES: readonly CredentialPattern[] = [
  {
    name: 'pem-private-key',
    reason: 'a private key',
    find: regexFinder(PRIVATE_KEY_BLOCK, (block) =>
      KEY_MATERIAL.test(block.slice(block.indexOf('-----', 5))),
    ),
    mayMatch: containsAny('PRIVATE KEY'),
  },
  {
    name: 'aws-access-key-id',
    reason: 'an AWS access key id',
    find: regexFinder(/\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/g),
    mayMatch: containsAny('AKIA', 'ASIA', 'ABIA', 'ACCA'),
  },
  {
    // The preset knows Anthropic's api0N keys only; admin and OAuth keys share the sk-ant- prefix.
    name: 'anthropic-api-key',
    reason: 'an Anthropic API key',
    find: regexFinder(/\bsk-ant-[a-z]+\d*-[A-Za-z0-9_-]{32,}/g),
    mayMatch: containsAny('sk-ant-'),
  },
  {
    // The preset knows keys with OpenAI's T3BlbkFJ marker at fixed lengths; sk-, sk-proj-,
    // sk-svcacct-, sk-admin- keys of other lengths: at least 32 key characters, one of them a digit.
    name: 'openai-api-key',
    reason: 'an OpenAI API key',
    find: regexFinder(/\bsk-(?:proj-|svcacct-|admin-)?(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{32,}/g),
    mayMatch: containsAny('sk-'),
  },
  {
    // The preset's pattern stops at a segment longer than 40 characters, which leaves the secret
    // tail of an app token (xapp-1-A…-…-<64 hex>) in plain text: the whole token is taken here.
    name: 'slack-token',
    reason: 'a Slack token',
    find: regexFinder(/\b(?:xox[abeoprs]|xapp)-(?=[A-Za-z0-9-]{20,})[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+/g),
    mayMatch: containsAny('xox', 'xapp-'),
  },
  {
    name: 'stripe-secret-key',
    reason: 'a Stripe secret or restricted key',
    find: regexFinder(/\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}/g),
    mayMatch: containsAny('_live_', '_test_'),
  },
  {
    name: 'google-api-key',
    reason: 'a Google API key',
    find: regexFinder(/\bAIza[A-Za-z0-9_-]{35}(?![A-Za-z0-9_-])/g),
    mayMatch: containsAny('AIza'),
  },
  {
    // Header and payload are base64url JSON objects (`eyJ` is `{"`); a signature is required.
    name: 'jwt',
    reason: 'a JSON Web Token',
    find: regexFinder(/\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}/g),
    mayMatch: containsAny('eyJ'),
  },
  {
    name: 'pypi-token',
    reason: 'a PyPI API token',
    find: regexFinder(/\bpypi-AgE[A-Za-z0-9_-]{50,}/g),
    mayMatch: containsAny('pypi-AgE'),
  },
  {
    // key-<32 hex> (older keys) and <32 hex>-<8 hex>-<8 hex> (newer private keys; a UUID is 8-4-4-4-12).
    name: 'mailgun-api-key',
    reason: 'a Mailgun API key',
    find: regexFinder(/\b(?:key-[0-9a-f]{32}|[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8})\b/g),
    mayMatch: (text) => text.includes('key-') || hexDashHexDash(text),
  },
  {
    // An API key's SID (SK + 32 hex) comes with its secret; an account SID (AC...) is an identifier.
    // Auth tokens are 32 hex after a label: the assignment rule below takes them.
    name: 'twilio-api-key',
    reason: 'a Twilio API key',
    find: regexFinder(/\bSK[0-9a-f]{32}\b/g),
    mayMatch: containsAny('SK'),
  },
  {
    name: 'telegram-bot-token',
    reason: 'a Telegram bot token',
    // Often inside a Bot API URL (`/bot<token>/sendMessage`): no word boundary before the bot id.
    find: regexFinder(/(?<!\d)\d{8,10}:[A-Za-z0-9_-]{35}(?![A-Za-z0-9_-])/g),
    mayMatch: aroundAny(':', (t, at) => runOf(t, at - 8, 8, isDigit)),
  },
  {
    // Azure storage and Service Bus / Event Hubs connection strings: the key after its label.
    name: 'azure-storage-key',
    reason: 'an Azure storage or Service Bus key',
    find: regexFinder(/\b(?:AccountKey|SharedAccessKey)=(?<value>[A-Za-z0-9+/]{40,}={0,2})/g),
    mayMatch: containsAny('AccountKey=', 'SharedAccessKey='),
  },
];

/**
 * The host's rules that take a value by its place (a URL's password, a header, a label): generic,
 * so a format rule's reason (a GitHub token after `GITHUB_TOKEN=`) wins over theirs.
 */
export const HOST_LABEL_RULES: readonly CredentialPattern[] = [
  {
    name: 'connection-string-password',
    reason: 'a password in a URL',
    find: findUrlPasswords,
    mayMatch: (text) => text.includes('://') && text.includes('@'),
  },
  {
    name: 'authorization-header',
    reason: 'a credential in an authorization header',
    find: headerSpans,
    mayMatch: labelBeforeSeparator(['authorization', 'apikey', 'api-key', 'token', 'secret', 'auth']),
  },
  {
    name: 'secret-assignment',
    reason: 'a password, secret or token after its label',
    find: assignmentSpans,
    mayMatch: labelBeforeSeparator(
      ['password', 'passwd', 'pwd', 'secret', 'token'].concat(
        ['api', 'access', 'auth'].flatMap((word) => [`${word}key`, `${word}_key`, `${word}-key`]),
      ),
    ),
  },
];
