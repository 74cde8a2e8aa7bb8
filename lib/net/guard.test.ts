import { getEventListeners } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboundPolicy } from './address-rules';
import { checkOutboundUrl, createGuardedFetch, OutboundRefusedError, type Resolver } from './guard';

const localUser: OutboundPolicy = { mode: 'local', addedBy: 'user' };
const hostedUser: OutboundPolicy = { mode: 'hosted', addedBy: 'user' };

/** A DNS under the test's control: each name maps to its addresses; every question is counted. */
function fakeDns(table: Record<string, string[]>) {
  const asked: string[] = [];
  const resolve: Resolver = async (hostname) => {
    asked.push(hostname);
    const addresses = table[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, asked };
}

let server: Server;
let port: number;
const hits: string[] = [];
/** Ends the answer of /slow, whose first chunk is sent at once. */
let slowEnd = () => {};

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/to-metadata') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    } else if (req.url === '/to-mapped') {
      res.writeHead(307, { location: 'http://[::ffff:a9fe:a9fe]/' }).end();
    } else if (req.url === '/to-evil-name') {
      res.writeHead(301, { location: `http://evil.test:${port}/secret` }).end();
    } else if (req.url === '/to-ok') {
      res.writeHead(302, { location: '/ok' }).end();
    } else if (req.url === '/loop') {
      res.writeHead(302, { location: '/loop' }).end();
    } else if (req.url === '/token') {
      res
        .writeHead(400, { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] })
        .end('{"error":"invalid_grant","error_description":"the code was already used"}');
    } else if (req.url === '/slow') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('first ');
      slowEnd = () => res.end('last');
    } else if (req.url === '/empty') {
      res.writeHead(204).end();
    } else {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('secret body from the target');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('outbound requests: the outbound guard', () => {
  it('refuses an IP literal before any connection (literals skip DNS)', async () => {
    const dns = fakeDns({});
    const fetch = createGuardedFetch(localUser, { resolve: dns.resolve });
    await expect(fetch('http://169.254.169.254/latest/meta-data/')).rejects.toThrow(
      /^refused: 169\.254\.169\.254 is a link-local address/,
    );
    await expect(fetch('http://2852039166/')).rejects.toBeInstanceOf(OutboundRefusedError);
    expect(dns.asked).toEqual([]);
  });

  it('resolve-then-connect: a name that resolves to a metadata address is refused, nothing is sent', async () => {
    const dns = fakeDns({ 'meta.test': ['169.254.169.254'] });
    const fetch = createGuardedFetch(localUser, { resolve: dns.resolve });
    const before = hits.length;
    await expect(fetch(`http://meta.test:${port}/`)).rejects.toThrow(
      'refused: 169.254.169.254 is a link-local address (cloud metadata lives there); the host never connects there (meta.test resolves there)',
    );
    expect(dns.asked).toEqual(['meta.test']);
    expect(hits.length).toBe(before);
  });

  it('resolve-then-connect: one refused address among several refuses the name', async () => {
    const dns = fakeDns({ 'mixed.test': ['127.0.0.1', 'fe80::1'] });
    const fetch = createGuardedFetch(localUser, { resolve: dns.resolve });
    await expect(fetch(`http://mixed.test:${port}/`)).rejects.toBeInstanceOf(OutboundRefusedError);
  });

  it('resolve-then-connect: in hosted mode a user server whose name resolves to loopback is refused', async () => {
    const dns = fakeDns({ 'local.test': ['127.0.0.1'] });
    const before = hits.length;
    await expect(
      createGuardedFetch(hostedUser, { resolve: dns.resolve })(`http://local.test:${port}/`),
    ).rejects.toThrow(/127\.0\.0\.1 is a loopback address; in hosted mode/);
    expect(hits.length).toBe(before);
  });

  it('resolve-then-connect: the socket goes to the address that was checked, resolved once', async () => {
    let answers = 0;
    const resolve: Resolver = async () =>
      answers++ === 0 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '169.254.169.254', family: 4 }];
    const response = await createGuardedFetch(localUser, { resolve })(`http://rebind.test:${port}/ok`);
    expect(await response.text()).toBe('secret body from the target');
    expect(answers).toBe(1);
  });

  it('redirects are re-checked: a real server redirecting to 169.254.169.254 is refused', async () => {
    const fetch = createGuardedFetch(localUser, { resolve: fakeDns({}).resolve });
    await expect(fetch(`http://127.0.0.1:${port}/to-metadata`)).rejects.toThrow(
      /^refused: 169\.254\.169\.254 is a link-local address/,
    );
    await expect(fetch(`http://127.0.0.1:${port}/to-mapped`, { method: 'POST', body: '{}' })).rejects.toThrow(
      /IPv4-mapped form of 169\.254\.169\.254/,
    );
  });

  it('redirects are re-checked: a redirect to a name that resolves to a refused address is refused', async () => {
    const dns = fakeDns({ 'evil.test': ['169.254.169.254'] });
    const before = hits.length;
    await expect(
      createGuardedFetch(localUser, { resolve: dns.resolve })(`http://127.0.0.1:${port}/to-evil-name`),
    ).rejects.toBeInstanceOf(OutboundRefusedError);
    expect(dns.asked).toEqual(['evil.test']);
    expect(hits.slice(before)).toEqual(['/to-evil-name']);
  });

  it('redirects that stay allowed are followed, and bounded', async () => {
    const fetch = createGuardedFetch(localUser);
    expect(await (await fetch(`http://127.0.0.1:${port}/to-ok`)).text()).toBe('secret body from the target');
    await expect(fetch(`http://127.0.0.1:${port}/loop`)).rejects.toThrow(/more than 5 redirects/);
    const manual = await fetch(`http://127.0.0.1:${port}/to-metadata`, { redirect: 'manual' });
    expect(manual.status).toBe(302);
  });

  it("every answer is the runtime's Response, a form's (undici's fetch) as a string's: callers testing instanceof Response read it", async () => {
    const fetch = createGuardedFetch(localUser);
    for (const body of [new URLSearchParams({ grant_type: 'authorization_code' }), 'grant_type=x']) {
      const response = await fetch(`http://127.0.0.1:${port}/token`, { method: 'POST', body });
      expect(response).toBeInstanceOf(Response);
      expect(response.status).toBe(400);
      expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
      expect(await response.json()).toEqual({
        error: 'invalid_grant',
        error_description: 'the code was already used',
      });
    }
    const empty = await fetch(`http://127.0.0.1:${port}/empty`, {
      method: 'POST',
      body: new URLSearchParams(),
    });
    expect(empty).toBeInstanceOf(Response);
    expect([empty.status, empty.body]).toEqual([204, null]);
  });

  it('a form request’s answer streams: its first chunk is read before the server has finished', async () => {
    const response = await createGuardedFetch(localUser)(`http://127.0.0.1:${port}/slow`, {
      method: 'POST',
      body: new URLSearchParams({ a: '1' }),
    });
    expect(response).toBeInstanceOf(Response);
    const reader = response.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toBe('first ');
    slowEnd();
    let rest = '';
    for (let next = await reader?.read(); next && !next.done; next = await reader?.read())
      rest += new TextDecoder().decode(next.value);
    expect(rest).toBe('last');
  });

  it('checkOutboundUrl judges a URL without connecting', async () => {
    const dns = fakeDns({ 'meta.test': ['fd00:ec2::254'], 'fine.test': ['93.184.215.14'] });
    const before = hits.length;
    await expect(checkOutboundUrl('http://meta.test/', localUser, dns)).rejects.toThrow(
      /cloud metadata address/,
    );
    await expect(checkOutboundUrl('http://[fe80::1]/', localUser, dns)).rejects.toBeInstanceOf(
      OutboundRefusedError,
    );
    await expect(checkOutboundUrl('https://fine.test/mcp', hostedUser, dns)).resolves.toBeUndefined();
    expect(hits.length).toBe(before);
  });

  it('requests sharing one caller signal leave no listener on it, and its abort still reaches each', async () => {
    const fetch = createGuardedFetch(localUser);
    const shared = new AbortController();
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        await (await fetch(`http://127.0.0.1:${port}/ok`, { signal: shared.signal })).text();
      }),
    );
    expect(getEventListeners(shared.signal, 'abort')).toHaveLength(0);
    shared.abort(new Error('transport closed'));
    await expect(fetch(`http://127.0.0.1:${port}/ok`, { signal: shared.signal })).rejects.toThrow();
  });
});
