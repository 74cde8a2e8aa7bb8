import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchViaRequest, takesPlainBody } from './request-fetch';

let server: Server;
let base: string;
const agent = new Agent();

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url === '/echo') {
        res.setHeader('set-cookie', ['a=1; Path=/', 'b=2; Path=/']);
        res.writeHead(201, 'Made', { 'content-type': 'application/json', 'x-one': '1' });
        res.end(
          JSON.stringify({
            method: req.method,
            contentType: req.headers['content-type'] ?? null,
            accept: req.headers.accept ?? null,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      } else if (req.url === '/accepted') {
        res.writeHead(202).end();
      } else if (req.url === '/empty') {
        res.writeHead(204).end();
      } else if (req.url === '/cut') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: half');
        setTimeout(() => res.socket?.destroy(), 20);
      } else if (req.url === '/slow') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: first\n\n');
      } else {
        res.writeHead(404).end('no');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await agent.close();
});

async function summary(response: Response) {
  return {
    status: response.status,
    statusText: response.statusText,
    type: response.headers.get('content-type'),
    one: response.headers.get('x-one'),
    cookies: response.headers.getSetCookie(),
    body: await response.text(),
  };
}

describe("the guard's request transport answers as fetch does", () => {
  it('status, headers (each set-cookie), body, and what fetch adds to a request', async () => {
    const requests: RequestInit[] = [
      { method: 'POST', body: 'plain text' },
      {
        method: 'post',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: '{}',
      },
      {
        method: 'POST',
        headers: new Headers({ 'content-type': 'application/octet-stream' }),
        body: new Uint8Array([104, 105]),
      },
      {},
    ];
    for (const init of requests) {
      const viaRequest = await summary(await fetchViaRequest(new URL(`${base}/echo`), init, agent));
      expect(viaRequest).toEqual(await summary(await fetch(`${base}/echo`, init)));
    }
  });

  it('a null body status and a HEAD have no body', async () => {
    const empty = await fetchViaRequest(new URL(`${base}/empty`), {}, agent);
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
    const head = await fetchViaRequest(new URL(`${base}/echo`), { method: 'HEAD' }, agent);
    expect(head.body).toBeNull();
  });

  it('a connection that fails rejects with TypeError("fetch failed") and its cause', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = new URL(`http://127.0.0.1:${(closed.address() as AddressInfo).port}/`);
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const failed = await fetchViaRequest(url, {}, agent).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(TypeError);
    expect((failed as TypeError).message).toBe('fetch failed');
    expect(((failed as TypeError).cause as { code?: string }).code).toBe('ECONNREFUSED');
  });

  it('an abort rejects with the signal reason, before the answer and while its body streams', async () => {
    const early = new AbortController();
    const reason = new Error('closed before');
    early.abort(reason);
    await expect(fetchViaRequest(new URL(`${base}/echo`), { signal: early.signal }, agent)).rejects.toBe(
      reason,
    );
    const midway = new AbortController();
    const response = await fetchViaRequest(new URL(`${base}/slow`), { signal: midway.signal }, agent);
    const reader = response.body?.getReader();
    expect(new TextDecoder().decode((await reader?.read())?.value)).toBe('data: first\n\n');
    const later = new DOMException('stopped', 'AbortError');
    midway.abort(later);
    await expect(reader?.read()).rejects.toBe(later);
  });

  it('a reader that cancels the body, read or not, leaves the process standing', async () => {
    // The MCP SDK cancels the empty body of a 202 (a notification's answer) without reading it.
    const accepted = await fetchViaRequest(
      new URL(`${base}/accepted`),
      { method: 'POST', body: '{}' },
      agent,
    );
    await accepted.body?.cancel();
    const unread = await fetchViaRequest(new URL(`${base}/slow`), {}, agent);
    await unread.body?.cancel();
    const started = await fetchViaRequest(new URL(`${base}/slow`), {}, agent);
    const reader = started.body?.getReader();
    await reader?.read();
    await reader?.cancel();
    await new Promise((resolve) => setImmediate(resolve));
    expect((await fetchViaRequest(new URL(`${base}/echo`), {}, agent)).status).toBe(201);
  });

  it('a body that breaks off errors with TypeError("terminated")', async () => {
    const response = await fetchViaRequest(new URL(`${base}/cut`), {}, agent);
    const failed = await response.text().catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(TypeError);
    expect((failed as TypeError).message).toBe('terminated');
  });

  it('takes only no body, a string or bytes; forms and streams go to fetch', () => {
    expect(takesPlainBody(undefined)).toBe(true);
    expect(takesPlainBody(null)).toBe(true);
    expect(takesPlainBody('x')).toBe(true);
    expect(takesPlainBody(new Uint8Array(1))).toBe(true);
    expect(takesPlainBody(new URLSearchParams({ a: '1' }))).toBe(false);
    expect(takesPlainBody(new ReadableStream())).toBe(false);
  });
});
