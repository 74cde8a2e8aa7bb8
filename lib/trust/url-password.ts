/**
 * The password in a URL's userinfo (`scheme://user:password@host`), for any scheme and any
 * characters. RFC 3986 has no unescaped `@` or `/` in a password, but connection strings are typed by
 * people: `postgres://u:p@ss/w@rd@db:5432/x` is read by drivers as user `u`, password `p@ss/w@rd`, host
 * `db` — the password ends at the LAST `@` before the host. Cutting at the first `@` or `/` would leave
 * the password's tail in plain text, so the host reads it the drivers' way.
 */
import type { CredentialSpan } from './credential-pattern';
import { isPlaceholderSecret } from './placeholder';

/** Where the URL's text ends: whitespace, quotes, angle brackets, a backslash (a JSON escape). */
const URL_END = /[\s"'<>`\\]/;

/** A host: a name, an IPv4 or an IPv6 literal. */
const HOST_START = /^[A-Za-z0-9[\]._%~-]/;

/** `host:8080/path@handle` is a port and a path, not a user and a password. */
const PORT_THEN_PATH = /^\d{1,5}(?:[/?#]|$)/;

const MIN_PASSWORD_LENGTH = 3;

/** The password of the URL whose userinfo starts at `from` (just after `user:`), or none. */
function passwordAt(text: string, from: number): CredentialSpan | undefined {
  let end = from;
  while (end < text.length && !URL_END.test(text.charAt(end))) end++;
  const rest = text.slice(from, end);
  // The last `@` followed by a host ends the password; a URL with none has no password.
  let at = rest.lastIndexOf('@');
  while (at > 0 && !HOST_START.test(rest.slice(at + 1))) at = rest.lastIndexOf('@', at - 1);
  if (at < MIN_PASSWORD_LENGTH) return undefined;
  const password = rest.slice(0, at);
  if (PORT_THEN_PATH.test(password) || isPlaceholderSecret(password)) return undefined;
  return { start: from, end: from + at };
}

const isSchemeChar = (code: number) =>
  (code >= 97 && code <= 122) ||
  (code >= 65 && code <= 90) ||
  (code >= 48 && code <= 57) ||
  code === 43 ||
  code === 45 ||
  code === 46;
const isLetter = (code: number) => (code >= 97 && code <= 122) || (code >= 65 && code <= 90);

/** Characters that end a URL's user part: `:` (the password follows) or anything a user name cannot hold. */
const USER_END = /[\s:/?#@"'<>`\\]/;

/**
 * Where the userinfo's password starts for the `://` at `at` (just after `user:`), or -1: a scheme
 * (a letter, then letters, digits, `+`, `-`, `.`) before it, a user part (maybe empty) and a `:` after.
 * Found from each `://` rather than by a regex over the whole text, which tried every word of it.
 */
function passwordStart(text: string, at: number): number {
  let scheme = at;
  while (scheme > 0 && isSchemeChar(text.charCodeAt(scheme - 1))) scheme--;
  while (scheme < at && !isLetter(text.charCodeAt(scheme))) scheme++;
  if (scheme === at) return -1;
  let end = at + 3;
  while (end < text.length && !USER_END.test(text.charAt(end))) end++;
  return text.charAt(end) === ':' ? end + 1 : -1;
}

/** Every URL userinfo password in the text. */
export function findUrlPasswords(text: string): CredentialSpan[] {
  const spans: CredentialSpan[] = [];
  for (let at = text.indexOf('://'); at >= 0; at = text.indexOf('://', at + 3)) {
    const from = passwordStart(text, at);
    const span = from < 0 ? undefined : passwordAt(text, from);
    if (!span) continue;
    spans.push(span);
    at = span.end;
  }
  return spans;
}

/** The password inside [start, end) of the text, when a URL with userinfo starts there (a rule's whole-URL report). */
export function urlPasswordWithin(text: string, start: number, end: number): CredentialSpan | undefined {
  return findUrlPasswords(text.slice(start, end)).map((span) => ({
    start: span.start + start,
    end: span.end + start,
  }))[0];
}
