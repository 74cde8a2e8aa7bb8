import { describe, expect, it } from 'vitest';
import {
  REVEAL_FAILURES,
  readRedemption,
  readSecretReference,
  redemptionTarget,
  referenceExpired,
  type SecretReference,
  secretReferencesOf,
} from './secret-reference';

const SERVER = { type: 'http', url: 'http://127.0.0.1:3402/mcp' } as const;
const AT = { receivedAt: 1_000_000, now: 1_000_000 };

function ref(redeemUrl: string, ttl?: number): SecretReference {
  return { id: 'ref_1', label: 'Key', redeemUrl, ...(ttl !== undefined ? { ttl } : {}) };
}

function target(redeemUrl: string, server: Parameters<typeof redemptionTarget>[1] = SERVER) {
  return redemptionTarget(ref(redeemUrl), server, AT);
}

describe('sensitive-output 4: the secret_reference content item', () => {
  it('4: reads id, label, redeemUrl and ttl; a missing label becomes "Secret"', () => {
    expect(
      readSecretReference({
        type: 'secret_reference',
        id: 'a',
        label: 'API key',
        redeemUrl: 'http://x/s/a',
        ttl: 5,
      }),
    ).toEqual({ id: 'a', label: 'API key', redeemUrl: 'http://x/s/a', ttl: 5 });
    expect(readSecretReference({ type: 'secret_reference', id: 'a', redeemUrl: 'u' })?.label).toBe('Secret');
  });

  it('4: anything else, or a reference with a missing id/redeemUrl or a bad ttl, is not a reference', () => {
    for (const item of [
      null,
      'secret_reference',
      { type: 'text', text: 'x' },
      { type: 'secret_reference', redeemUrl: 'u' },
      { type: 'secret_reference', id: '', redeemUrl: 'u' },
      { type: 'secret_reference', id: 'a' },
      { type: 'secret_reference', id: 'a', redeemUrl: 'u', ttl: 0 },
      { type: 'secret_reference', id: 'a', redeemUrl: 'u', ttl: -1 },
      { type: 'secret_reference', id: 'a', redeemUrl: 'u', ttl: '60' },
      { type: 'secret_reference', id: 'a', redeemUrl: 'u', ttl: Number.POSITIVE_INFINITY },
    ])
      expect(readSecretReference(item)).toBeNull();
  });

  it('4: secretReferencesOf lists the well-formed references of a result, in order', () => {
    const result = {
      content: [
        { type: 'text', text: 'x' },
        { type: 'secret_reference', id: 'a', redeemUrl: 'u' },
        { type: 'secret_reference', id: 'b', redeemUrl: 'v', ttl: 3 },
        { type: 'secret_reference', id: 7 },
      ],
    };
    expect(secretReferencesOf(result).map((r) => r.id)).toEqual(['a', 'b']);
    expect(secretReferencesOf(undefined)).toEqual([]);
    expect(secretReferencesOf({ content: 'no' })).toEqual([]);
  });

  it('4 ttl: expired once ttl seconds have passed since receipt; unknown receipt with a ttl counts as expired', () => {
    const r = ref('http://127.0.0.1:3402/s', 60);
    expect(referenceExpired(r, 0, 59_999)).toBe(false);
    expect(referenceExpired(r, 0, 60_000)).toBe(true);
    expect(referenceExpired(r, undefined, 0)).toBe(true);
    expect(referenceExpired(ref('http://127.0.0.1:3402/s'), undefined, 1e15)).toBe(false);
    expect(redemptionTarget(r, SERVER, { receivedAt: 0, now: 60_000 })).toEqual({
      ok: false,
      failure: 'gone',
    });
    expect(redemptionTarget(r, SERVER, { receivedAt: 0, now: 59_999 }).ok).toBe(true);
  });
});

describe("sensitive-output 4a: redeemUrl must be same-origin with the MCP server's own URL", () => {
  it('4a: the same scheme, host and port is allowed (path and query free), with default ports and case folded', () => {
    expect(target('http://127.0.0.1:3402/secrets/ref_1')).toMatchObject({ ok: true });
    expect(target('HTTP://127.0.0.1:3402/other?x=1#f')).toMatchObject({ ok: true });
    const https = { type: 'http', url: 'https://Vault.Example/mcp' } as const;
    expect(target('https://vault.example:443/secrets/a', https)).toMatchObject({ ok: true });
    // The URL parser folds IPv4 spellings: 2130706433 and 127.0.0.1. are 127.0.0.1, the same origin.
    expect(target('http://2130706433:3402/secrets/a')).toMatchObject({ ok: true });
    expect(target('http://127.0.0.1.:3402/secrets/a')).toMatchObject({ ok: true });
  });

  it('4a: another port, scheme or host is refused', () => {
    for (const url of [
      'http://127.0.0.1:3403/secrets/a',
      'http://127.0.0.1/secrets/a',
      'https://127.0.0.1:3402/secrets/a',
      'http://localhost:3402/secrets/a',
      'http://127.0.0.2:3402/secrets/a',
      'http://[::1]:3402/secrets/a',
      'http://evil.example/secrets/a',
    ])
      expect(target(url), url).toEqual({ ok: false, failure: 'cross-origin' });
  });

  it('4a: userinfo tricks are refused: a "host:port@" prefix names another host, and credentials in the URL are never sent', () => {
    expect(target('http://127.0.0.1:3402@evil.example/secrets/a')).toEqual({
      ok: false,
      failure: 'userinfo',
    });
    expect(target('http://user:pw@127.0.0.1:3402/secrets/a')).toEqual({ ok: false, failure: 'userinfo' });
    expect(target('http://user@127.0.0.1:3402/secrets/a')).toEqual({ ok: false, failure: 'userinfo' });
    // The server's own URL may carry userinfo; its origin is what counts.
    const withUser = { type: 'http', url: 'http://u:p@127.0.0.1:3402/mcp' } as const;
    expect(target('http://127.0.0.1:3402/secrets/a', withUser)).toMatchObject({ ok: true });
  });

  it('4a: non-web schemes and unparsable URLs are refused, even when they "match"', () => {
    for (const url of ['javascript:alert(1)', 'data:text/plain,x', 'file:///etc/passwd', 'not a url', ''])
      expect(target(url), url).toEqual({ ok: false, failure: 'cross-origin' });
    const fileServer = { type: 'http', url: 'file:///srv/mcp' } as const;
    expect(target('file:///srv/secrets/a', fileServer)).toEqual({ ok: false, failure: 'cross-origin' });
  });

  it('4a: a command (stdio) server has no origin: its references are always refused', () => {
    expect(target('http://127.0.0.1:3402/secrets/a', { type: 'stdio' })).toEqual({
      ok: false,
      failure: 'command-server',
    });
  });
});

describe('sensitive-output 4a: the redemption answer', () => {
  it('4a: 200 with a string value is the secret; 200 without one is malformed', () => {
    expect(readRedemption(200, { value: 'v' })).toEqual({ ok: true, value: 'v' });
    for (const body of [undefined, null, 'v', { value: 1 }, { secret: 'v' }, ['v']])
      expect(readRedemption(200, body)).toEqual({ ok: false, failure: 'malformed' });
  });

  it('4a: 410 gone, 401/403 credentials, 404 not found, 429 rate limited, 3xx redirect, else upstream', () => {
    const cases: Array<[number, string]> = [
      [410, 'gone'],
      [401, 'credentials'],
      [403, 'credentials'],
      [404, 'not-found'],
      [429, 'rate-limited'],
      [302, 'redirect'],
      [307, 'redirect'],
      [500, 'upstream'],
      [201, 'upstream'],
      [400, 'upstream'],
    ];
    for (const [status, failure] of cases)
      expect(readRedemption(status, { value: 'v' }), String(status)).toEqual({ ok: false, failure });
  });

  it('4a: each failure tells the user what to do, with the status the host answers', () => {
    expect(REVEAL_FAILURES.gone).toEqual({
      status: 410,
      message: 'This secret was already revealed or has expired; ask the tool for a new one.',
    });
    expect(REVEAL_FAILURES['rate-limited'].status).toBe(429);
    expect(REVEAL_FAILURES['not-found'].status).toBe(404);
    expect(REVEAL_FAILURES.credentials.message).toMatch(/credentials/);
    expect(REVEAL_FAILURES['command-server'].status).toBe(422);
  });
});
