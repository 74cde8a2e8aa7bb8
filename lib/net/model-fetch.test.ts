import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { modelFetch } from './model-fetch';

let server: Server;
let base: string;
let release: () => void = () => {};

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url === '/stream') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: first\n\n');
        release = () => res.end('data: second\n\n');
      } else if (req.url === '/moved') {
        res.writeHead(307, { location: '/echo' }).end();
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ path: req.url, body: Buffer.concat(chunks).toString() }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe("the model providers' fetch", () => {
  it("sends a model's request past the global fetch (Next's, in the host) and streams the answer as it comes", async () => {
    const global = vi.spyOn(globalThis, 'fetch');
    const response = await modelFetch(`${base}/stream`, { method: 'POST', body: '{"stream":true}' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    // The first event arrives while the server still holds the second.
    expect(decoder.decode((await reader.read()).value)).toBe('data: first\n\n');
    release();
    expect(decoder.decode((await reader.read()).value)).toBe('data: second\n\n');
    expect((await reader.read()).done).toBe(true);
    expect(global).not.toHaveBeenCalled();
  });

  it('follows a redirect with the global fetch, sending the request again there', async () => {
    const global = vi.spyOn(globalThis, 'fetch');
    const response = await modelFetch(`${base}/moved`, { method: 'POST', body: 'again' });
    expect(await response.json()).toEqual({ path: '/echo', body: 'again' });
    expect(global).toHaveBeenCalledTimes(1);
  });

  it('leaves a redirect unfollowed when asked to', async () => {
    const response = await modelFetch(`${base}/moved`, { method: 'POST', body: 'x', redirect: 'manual' });
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('/echo');
  });

  it("gives the global fetch a body it cannot send as it is, and everything when Node uses the environment's proxy", async () => {
    const global = vi.spyOn(globalThis, 'fetch');
    const form = new URLSearchParams({ a: '1' });
    expect(await (await modelFetch(`${base}/echo`, { method: 'POST', body: form })).json()).toEqual({
      path: '/echo',
      body: 'a=1',
    });
    expect(global).toHaveBeenCalledTimes(1);
    vi.stubEnv('NODE_USE_ENV_PROXY', '1');
    await (await modelFetch(`${base}/echo`, { method: 'POST', body: 'b' })).json();
    expect(global).toHaveBeenCalledTimes(2);
  });
});
