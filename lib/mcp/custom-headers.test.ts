import { describe, expect, it } from 'vitest';
import {
  checkHeaders,
  headerSecrets,
  headerSummary,
  isProtocolHeader,
  MAX_HEADER_VALUE,
  MAX_HEADERS,
  maskSecrets,
  requestHeaders,
} from './custom-headers';
import { parseRegistration } from './server-config';

describe('custom headers of an HTTP server (docs/security.md: secrets stay on the host)', () => {
  it("a bearer token becomes Authorization: Bearer, beside the user's own headers", () => {
    expect(requestHeaders([{ name: 'X-Api-Key', value: ' k-123 ' }], 'tok.en_1~')).toEqual({
      ok: true,
      headers: { 'X-Api-Key': 'k-123', Authorization: 'Bearer tok.en_1~' },
    });
  });

  it('empty rows are ignored; nothing at all is no headers', () => {
    expect(requestHeaders([{ name: '', value: '' }])).toEqual({ ok: true, headers: {} });
  });

  it.each([
    ['Mcp-Session-Id'],
    ['mcp-protocol-version'],
    ['MCP-Param-Region'],
    ['Content-Type'],
    ['Accept'],
    ['Host'],
    ['Content-Length'],
    ['Transfer-Encoding'],
    ['Cookie'],
  ])("%s is the transport's: it cannot be overridden", (name) => {
    expect(isProtocolHeader(name)).toBe(true);
    const outcome = requestHeaders([{ name, value: 'x' }]);
    expect(outcome).toEqual({
      ok: false,
      problems: [
        {
          field: 'header-0-name',
          message: `${name} is set by the MCP transport itself and cannot be overridden.`,
        },
      ],
    });
  });

  it.each([
    ['a\r\nX-Injected: 1', 'must be one line'],
    ['a\nb', 'must be one line'],
    ['caf\u00e9', 'printable ASCII'],
    ['nul\u0000', 'printable ASCII'],
    ['x'.repeat(MAX_HEADER_VALUE + 1), `longer than ${MAX_HEADER_VALUE}`],
  ])('a value like %j is refused (%s)', (value, words) => {
    const outcome = requestHeaders([{ name: 'X-Note', value }]);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.problems[0]?.field).toBe('header-0-value');
      expect(outcome.problems[0]?.message).toContain(words);
    }
  });

  it.each([['X Api'], ['X:Api'], ['Ünïcode'], ['x'.repeat(101)]])('a name like %j is refused', (name) => {
    const outcome = requestHeaders([{ name, value: 'v' }]);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.problems[0]?.field).toBe('header-0-name');
  });

  it('a name with no value, a value with no name, and a name twice (any case) are each named', () => {
    const outcome = requestHeaders([
      { name: 'X-A', value: ' ' },
      { name: '', value: 'orphan' },
      { name: 'X-B', value: '1' },
      { name: 'x-b', value: '2' },
    ]);
    expect(outcome).toEqual({
      ok: false,
      problems: [
        { field: 'header-0-value', message: 'Give X-A a value.' },
        { field: 'header-1-name', message: 'Name the header.' },
        { field: 'header-3-name', message: 'x-b is given twice.' },
      ],
    });
  });

  it('a bearer token and an Authorization header together are a conflict', () => {
    const outcome = requestHeaders([{ name: 'authorization', value: 'Basic abc' }], 'tok');
    expect(outcome.ok).toBe(false);
    if (!outcome.ok)
      expect(outcome.problems[0]?.message).toContain('either a bearer token or an Authorization header');
  });

  it.each([['has space'], ['quo"te'], ['a\nb']])('a bearer token like %j is refused', (bearer) => {
    const outcome = requestHeaders([], bearer);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.problems[0]?.field).toBe('bearer');
  });

  it('limits: the number of headers and their total size', () => {
    const many = Array.from({ length: MAX_HEADERS + 1 }, (_, i) => ({ name: `X-${i}`, value: 'v' }));
    expect(requestHeaders(many).ok).toBe(false);
    const big = Array.from({ length: 3 }, (_, i) => ({ name: `X-${i}`, value: 'v'.repeat(3_000) }));
    const outcome = requestHeaders(big);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok)
      expect(outcome.problems).toEqual([
        { field: 'headers', message: 'All headers together exceed 8192 characters.' },
      ]);
  });

  it('the servers API refuses what the form would: parseRegistration checks the headers again', () => {
    const registration = (headers: Record<string, string>) => ({
      id: 'api',
      transport: { type: 'http', url: 'http://127.0.0.1:1/mcp', headers },
    });
    expect(parseRegistration(registration({ 'X-Api-Key': 'k' })).ok).toBe(true);
    expect(parseRegistration(registration({ 'Mcp-Session-Id': 'forged' }))).toEqual({
      ok: false,
      error:
        '/transport/headers: Mcp-Session-Id is set by the MCP transport itself and cannot be overridden.',
    });
    expect(parseRegistration(registration({ 'X-Note': 'a\r\nb' })).ok).toBe(false);
    expect(checkHeaders({ Authorization: 'Bearer abc' })).toEqual([]);
  });

  it('the browser is told names and "bearer token set", never a value', () => {
    const summary = headerSummary({ Authorization: 'Bearer s3cret-token', 'X-Api-Key': 'k-1' });
    expect(summary).toEqual({ names: ['X-Api-Key'], bearer: true });
    expect(JSON.stringify(summary)).not.toContain('s3cret');
    expect(headerSummary({})).toBeUndefined();
    expect(headerSummary({ Authorization: 'Basic abc' })).toEqual({
      names: ['Authorization'],
      bearer: false,
    });
  });

  it('secrets to mask: each value and a bearer token bare, longest first; tiny values left alone', () => {
    expect(
      headerSecrets({ Authorization: 'Bearer s3cret-token', 'X-Api-Key': 'key-value-1', 'X-Flag': '1' }),
    ).toEqual(['Bearer s3cret-token', 's3cret-token', 'key-value-1']);
    expect(
      maskSecrets(
        'got s3cret-token and key-value-1',
        headerSecrets({ A: 'Bearer s3cret-token', B: 'key-value-1' }),
      ),
    ).toBe('got [secret] and [secret]');
  });
});
