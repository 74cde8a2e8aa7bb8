import { describe, expect, it } from 'vitest';
import { isChatHost, originsFor, sandboxLabelOf, sandboxOriginFor } from './origins';

describe('sandbox origins: one per MCP server (view isolation)', () => {
  it('defaults to a *.sandbox.localhost origin per server on the host port, the chat on localhost', () => {
    const origins = originsFor({ PORT: '3311' });
    expect(origins.host).toBe('http://localhost:3311');
    expect(origins.sandboxPattern).toBe('http://{server}.sandbox.localhost:3311');
    expect(sandboxOriginFor(origins.sandboxPattern, 'abc123')).toBe('http://abc123.sandbox.localhost:3311');
  });

  it('gives two servers two origins', () => {
    const { sandboxPattern } = originsFor({ PORT: '3311' });
    expect(sandboxOriginFor(sandboxPattern, 'aaa')).not.toBe(sandboxOriginFor(sandboxPattern, 'bbb'));
  });

  it('takes a hosted wildcard pattern', () => {
    const origins = originsFor({
      PUBLIC_ORIGIN: 'https://chat.example.com/',
      SANDBOX_ORIGIN: 'https://{server}.sandbox.example.com',
    });
    expect(origins.host).toBe('https://chat.example.com');
    expect(sandboxOriginFor(origins.sandboxPattern, 'f00')).toBe('https://f00.sandbox.example.com');
    expect(sandboxLabelOf('f00.sandbox.example.com', origins.sandboxPattern)).toBe('f00');
  });

  it('refuses a single sandbox origin for every server, a misplaced placeholder, and the host origin', () => {
    expect(() => originsFor({ SANDBOX_ORIGIN: 'https://sbx.example.com' })).toThrow(/\{server\}/);
    expect(() => originsFor({ SANDBOX_ORIGIN: 'https://sbx.{server}.example.com' })).toThrow(/\{server\}/);
    expect(() => originsFor({ SANDBOX_ORIGIN: 'https://{server}.{server}.example.com' })).toThrow(
      /\{server\}/,
    );
    expect(() => originsFor({ SANDBOX_ORIGIN: 'not an origin' })).toThrow(/must be an origin/);
    expect(() =>
      originsFor({ PUBLIC_ORIGIN: 'https://example.com', SANDBOX_ORIGIN: 'https://{server}.example.com' }),
    ).toThrow(/host origin/);
  });

  it('reads the label back from a Host header, and nothing from other hosts', () => {
    const pattern = 'http://{server}.sandbox.localhost:3311';
    expect(sandboxLabelOf('abc.sandbox.localhost:3311', pattern)).toBe('abc');
    expect(sandboxLabelOf('ABC.Sandbox.Localhost:3311', pattern)).toBe('abc');
    expect(sandboxLabelOf('abc.sandbox.localhost:3312', pattern)).toBeNull();
    expect(sandboxLabelOf('sandbox.localhost:3311', pattern)).toBeNull();
    expect(sandboxLabelOf('a.b.sandbox.localhost:3311', pattern)).toBeNull();
    expect(sandboxLabelOf('evil.example', pattern)).toBeNull();
    expect(sandboxLabelOf('localhost:3311', pattern)).toBeNull();
    expect(sandboxLabelOf(null, pattern)).toBeNull();
    expect(() => sandboxOriginFor(pattern, 'a.b')).toThrow();
  });

  it('answers anew when a setting changes, an empty one included (the answer is kept per input)', () => {
    expect(originsFor({ PORT: '3311' }).host).toBe('http://localhost:3311');
    expect(originsFor({ PORT: '3312' }).host).toBe('http://localhost:3312');
    expect(originsFor({ PORT: '3312', ALLOWED_HOSTS: 'a.test' }).allowedHosts).toEqual(['a.test']);
    expect(originsFor({ PORT: '3312', ALLOWED_HOSTS: '' }).allowedHosts).toEqual([]);
    expect(originsFor({}).host).toBe('http://localhost:3000');
    expect(originsFor({ PORT: '' }).host).toBe('http://localhost');
    expect(() => originsFor({ SANDBOX_ORIGIN: 'not an origin' })).toThrow(/must be an origin/);
    expect(() => originsFor({ SANDBOX_ORIGIN: 'not an origin' })).toThrow(/must be an origin/);
    const pattern = 'http://{server}.sandbox.localhost:3311';
    expect(sandboxLabelOf('abc.sandbox.localhost:3311', pattern)).toBe('abc');
    expect(sandboxLabelOf('abc.sandbox.localhost:3311', 'http://{server}.sandbox.localhost:3312')).toBeNull();
  });
});

describe('the chat answers only to its own names (DNS rebinding)', () => {
  const origins = originsFor({ PORT: '3311' });

  it('accepts the public origin host and localhost on the port it listens on', () => {
    expect(isChatHost('localhost:3311', origins, '3311')).toBe(true);
    expect(isChatHost('LOCALHOST:3311', origins, '3311')).toBe(true);
  });

  it('refuses foreign names, other ports, missing hosts and the sandbox names', () => {
    expect(isChatHost('evil.example', origins, '3311')).toBe(false);
    expect(isChatHost('evil.example:3311', origins, '3311')).toBe(false);
    expect(isChatHost('localhost:9999', origins, '3311')).toBe(false);
    expect(isChatHost('127.0.0.1:3311', origins, '3311')).toBe(false);
    expect(isChatHost('abc.sandbox.localhost:3311', origins, '3311')).toBe(false);
    expect(isChatHost(null, origins, '3311')).toBe(false);
    expect(isChatHost('', origins, '3311')).toBe(false);
    expect(isChatHost('a b', origins, '3311')).toBe(false);
  });

  it('refuses Host spellings no browser sends, which the URL parser would forgive', () => {
    for (const spelling of [
      'localhost:03311',
      'localhost:003311',
      'user@localhost:3311',
      'user:pw@localhost:3311',
      'localhost:3311/',
      'localhost:3311/x',
      'localhost:3311?',
      'localhost:3311#',
      ' localhost:3311',
      'localhost:3311 ',
      'localhost:3311\t',
    ])
      expect(isChatHost(spelling, origins, '3311'), spelling).toBe(false);
    const hosted = originsFor({
      PUBLIC_ORIGIN: 'https://chat.example.com',
      SANDBOX_ORIGIN: 'https://{server}.sandbox.example.com',
    });
    expect(isChatHost('chat.example.com:443', hosted, '3000')).toBe(false);
    expect(
      sandboxLabelOf('abc.sandbox.localhost:03311', 'http://{server}.sandbox.localhost:3311'),
    ).toBeNull();
    expect(
      sandboxLabelOf('x@abc.sandbox.localhost:3311', 'http://{server}.sandbox.localhost:3311'),
    ).toBeNull();
  });

  it('adds ALLOWED_HOSTS', () => {
    const withExtra = originsFor({ PORT: '3311', ALLOWED_HOSTS: 'chat.lan:3311, 127.0.0.1:3311' });
    expect(isChatHost('chat.lan:3311', withExtra, '3311')).toBe(true);
    expect(isChatHost('127.0.0.1:3311', withExtra, '3311')).toBe(true);
    expect(isChatHost('evil.example', withExtra, '3311')).toBe(false);
  });

  it('in hosted mode takes the public origin host without a port', () => {
    const hosted = originsFor({
      PUBLIC_ORIGIN: 'https://chat.example.com',
      SANDBOX_ORIGIN: 'https://{server}.sandbox.example.com',
    });
    expect(isChatHost('chat.example.com', hosted, '3000')).toBe(true);
    expect(isChatHost('chat.example.com.evil.example', hosted, '3000')).toBe(false);
  });
});
