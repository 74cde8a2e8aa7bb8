/**
 * The headers a user gives an HTTP server they add (an API key header, a bearer token): secrets the
 * host holds server-side and sends only to that server's URL. These rules are pure so the add form
 * checks as the user types and the servers API checks again; neither trusts the other.
 */

/** One header as the form holds it (a row of name and value). */
export interface HeaderRow {
  name: string;
  value: string;
}

/** A problem with one field of the form: `header-3-name`, `header-0-value`, `bearer` or `headers`. */
export interface HeaderProblem {
  field: string;
  message: string;
}

export const MAX_HEADERS = 20;
export const MAX_HEADER_NAME = 100;
export const MAX_HEADER_VALUE = 4_096;
/** Every name and value together: servers commonly refuse a header block past 8 KB. */
export const MAX_HEADERS_TOTAL = 8_192;

/**
 * Headers the transport itself sets: a user's value would break the session (`Mcp-Session-Id`,
 * `Mcp-Protocol-Version`), the message framing (`Content-Type`, `Accept`, `Content-Length`) or the
 * connection, or route a request elsewhere (`Host`). `Mcp-*` covers the per-request headers of
 * 2026-07-28 (`Mcp-Method`, `Mcp-Name`, `Mcp-Param-*`).
 */
const PROTOCOL_HEADERS = new Set([
  'accept',
  'connection',
  'content-length',
  'content-type',
  'cookie',
  'host',
  'keep-alive',
  'last-event-id',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** RFC 9110 5.1: a field name is a token. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** RFC 6750 2.1: a bearer token is a b64token. */
const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;
/** What fetch sends as a value: visible ASCII, space and tab; never CR, LF or NUL. */
const VALUE = /^[\t\x20-\x7e]*$/;

export function isProtocolHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return PROTOCOL_HEADERS.has(lower) || lower.startsWith('mcp-');
}

function valueProblem(value: string, what: string): string | null {
  if (/[\r\n]/.test(value)) return `${what} must be one line (no line breaks).`;
  if (!VALUE.test(value)) return `${what} may hold only printable ASCII characters.`;
  if (value.length > MAX_HEADER_VALUE) return `${what} is longer than ${MAX_HEADER_VALUE} characters.`;
  return null;
}

/** One row: nothing (empty), the header to send, or the problem with it. */
function checkRow(
  row: HeaderRow,
  index: number,
  seen: ReadonlySet<string>,
  withBearer: boolean,
): HeaderRow | HeaderProblem | null {
  const name = row.name.trim();
  if (name === '' && row.value === '') return null;
  const field = `header-${index}-name`;
  if (name === '') return { field, message: 'Name the header.' };
  if (name.length > MAX_HEADER_NAME)
    return { field, message: `A header name is at most ${MAX_HEADER_NAME} characters.` };
  if (!TOKEN.test(name))
    return {
      field,
      message: `"${name.slice(0, 40)}" is not a header name (letters, digits and - only, no spaces or colons).`,
    };
  if (isProtocolHeader(name))
    return { field, message: `${name} is set by the MCP transport itself and cannot be overridden.` };
  const lower = name.toLowerCase();
  if (seen.has(lower)) return { field, message: `${name} is given twice.` };
  if (lower === 'authorization' && withBearer)
    return { field, message: 'Give either a bearer token or an Authorization header, not both.' };
  const valueField = `header-${index}-value`;
  const bad = valueProblem(row.value, `The value of ${name}`);
  if (bad) return { field: valueField, message: bad };
  if (row.value.trim() === '') return { field: valueField, message: `Give ${name} a value.` };
  return { name, value: row.value.trim() };
}

/**
 * The headers to send with every request to the server, from the form's rows and bearer token, or
 * every problem (each naming its field). Empty rows are ignored; the bearer token becomes
 * `Authorization: Bearer …`, so an `Authorization` row beside it is a conflict.
 */
export function requestHeaders(
  rows: readonly HeaderRow[],
  bearerToken = '',
): { ok: true; headers: Record<string, string> } | { ok: false; problems: HeaderProblem[] } {
  const problems: HeaderProblem[] = [];
  const headers: Record<string, string> = {};
  const seen = new Set<string>();
  const used = rows.filter((row) => row.name.trim() !== '' || row.value !== '');
  if (used.length > MAX_HEADERS)
    problems.push({ field: 'headers', message: `At most ${MAX_HEADERS} headers.` });
  rows.forEach((row, index) => {
    const checked = checkRow(row, index, seen, bearerToken !== '');
    if (checked === null) return;
    if ('message' in checked) problems.push(checked);
    else {
      seen.add(checked.name.toLowerCase());
      headers[checked.name] = checked.value;
    }
  });
  if (bearerToken !== '') {
    const token = bearerToken.trim();
    const bad = valueProblem(token, 'The bearer token');
    if (bad) problems.push({ field: 'bearer', message: bad });
    else if (!B64TOKEN.test(token))
      problems.push({
        field: 'bearer',
        message: 'The bearer token has characters a bearer token cannot have (spaces, quotes, commas…).',
      });
    else headers.Authorization = `Bearer ${token}`;
  }
  const total = Object.entries(headers).reduce((sum, [n, v]) => sum + n.length + v.length, 0);
  if (total > MAX_HEADERS_TOTAL)
    problems.push({
      field: 'headers',
      message: `All headers together exceed ${MAX_HEADERS_TOTAL} characters.`,
    });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, headers };
}

/** The servers API's check of headers it is given as an object (the form's rows, already joined). */
export function checkHeaders(headers: Record<string, string>): HeaderProblem[] {
  const outcome = requestHeaders(Object.entries(headers).map(([name, value]) => ({ name, value })));
  return outcome.ok ? [] : outcome.problems;
}

/** What the browser is told about a server's headers: their names, and whether a bearer token is set. */
export interface HeaderSummary {
  names: string[];
  bearer: boolean;
}

export function headerSummary(headers: Record<string, string> | undefined): HeaderSummary | undefined {
  if (!headers || Object.keys(headers).length === 0) return undefined;
  const names: string[] = [];
  let bearer = false;
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() === 'authorization' && /^bearer\s/i.test(value)) bearer = true;
    else names.push(name);
  }
  return { names, bearer };
}

/**
 * The secret strings in a server's headers, to mask wherever they might show (the trace, the log):
 * each value, and a bearer token also without its scheme. Very short values are left alone (they
 * would mask ordinary words).
 */
export function headerSecrets(headers: Record<string, string> | undefined): string[] {
  const secrets = new Set<string>();
  for (const value of Object.values(headers ?? {})) {
    const bare = value.replace(/^bearer\s+/i, '');
    for (const secret of [value, bare]) if (secret.length >= 6) secrets.add(secret);
  }
  // Longest first: a bearer value is masked whole before its bare token is looked for.
  return [...secrets].sort((a, b) => b.length - a.length);
}

export const SECRET_MASK = '[secret]';

/** A text with every one of `secrets` replaced by `[secret]`. */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(SECRET_MASK);
  return out;
}
