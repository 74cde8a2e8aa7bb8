import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkSession } from '../auth/session-check';
import { createHostListener } from './host-listener';
import { openLane } from './lane';
import { laneKey, laneTable } from './lane-table';

vi.mock('../auth/session-check', () => ({ checkSession: vi.fn() }));

type Handler = (request: Request) => Promise<Response>;

let server: Server;
let port: number;
let handler: Handler;
let lastResponse: ServerResponse | undefined;
const handled: Request[] = [];
const toNext: string[] = [];
const errors: unknown[] = [];
const savedEnv = { PORT: process.env.PORT, AUTH_MODE: process.env.AUTH_MODE };

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

function send(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body = '',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method, path, headers: { host: `localhost:${port}`, ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A chat POST on the chat's own name, for the tests that read the answer as it streams. */
function chatPost() {
  return {
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/chat',
    headers: { host: `localhost:${port}` },
  };
}

const encoder = new TextEncoder();

/** An event-stream answer whose parts the route writes as `start` says (`write` encodes one). */
function eventStream(start: (write: (text: string) => void) => Promise<void>): Response {
  return new Response(
    new ReadableStream<Uint8Array>({
      async start(controller) {
        await start((text) => controller.enqueue(encoder.encode(text)));
        controller.close();
      },
    }),
    { headers: { 'content-type': 'text/event-stream' } },
  );
}

function openBoth() {
  openLane('POST', '/api/tools/call', (request) => handler(request));
  openLane('POST', '/api/chat', (request) => handler(request));
  openLane('GET', '/api/apps/ui-resource', (request) => handler(request));
  openLane('GET', '/sandbox', (request) => handler(request));
}

beforeAll(async () => {
  server = createServer(
    createHostListener(
      async (req, res) => {
        toNext.push(`${req.method} ${req.url}`);
        res.end('next');
      },
      (error) => errors.push(error),
    ),
  );
  server.on('request', (_req, res: ServerResponse) => {
    lastResponse = res;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  process.env.PORT = savedEnv.PORT;
  if (savedEnv.AUTH_MODE === undefined) delete process.env.AUTH_MODE;
  else process.env.AUTH_MODE = savedEnv.AUTH_MODE;
});

beforeEach(() => {
  process.env.PORT = String(port);
  delete process.env.AUTH_MODE;
  handled.length = 0;
  toNext.length = 0;
  errors.length = 0;
  vi.mocked(checkSession).mockReset();
  handler = async (request) => {
    handled.push(request);
    return Response.json({ got: await request.text() });
  };
  openBoth();
});

describe('the host listener (the lane past Next for the chat and tool-call routes)', () => {
  it('answers a lane route with the route handler, with the headers the front door sets', async () => {
    const answer = await send(
      'POST',
      '/api/tools/call?probe=1',
      { 'x-mcplet-user-id': 'mallory', 'x-mcplet-user-name': 'Mallory', 'x-request-id': 'balancer-id-0001' },
      '{"a":1}',
    );
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ got: '{"a":1}' });
    expect(toNext).toEqual([]);
    const [seen] = handled;
    expect(new URL(seen?.url ?? '').pathname).toBe('/api/tools/call');
    expect(new URL(seen?.url ?? '').search).toBe('?probe=1');
    // No client names a user; the request keeps a sane balancer id.
    expect(seen?.headers.get('x-mcplet-user-id')).toBeNull();
    expect(seen?.headers.get('x-mcplet-user-name')).toBeNull();
    expect(seen?.headers.get('x-request-id')).toBe('balancer-id-0001');
    expect(answer.headers['x-request-id']).toBe('balancer-id-0001');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['content-security-policy']).toBe("frame-ancestors 'none'");
  });

  it('passes every other method, path or spelling to Next', async () => {
    await send('GET', '/api/tools/call');
    await send('POST', '/api/tools/call/');
    await send('POST', '/api/tools//call');
    await send('POST', '/api/tools/%63all');
    await send('POST', '/api/servers');
    await send('POST', 'http://localhost/api/chat');
    expect(toNext).toEqual([
      'GET /api/tools/call',
      'POST /api/tools/call/',
      'POST /api/tools//call',
      'POST /api/tools/%63all',
      'POST /api/servers',
      'POST http://localhost/api/chat',
    ]);
    expect(handled).toEqual([]);
  });

  it("a view's boot: its sandbox page is served only on a sandbox origin, its HTML with its query", async () => {
    const page = await send('GET', '/sandbox?uri=ui%3A%2F%2Fa&t=x', { host: `a0.sandbox.localhost:${port}` });
    expect(page.status).toBe(200);
    const onChatHost = await send('GET', '/sandbox?uri=ui%3A%2F%2Fa&t=x');
    expect(onChatHost.status).toBe(404);
    const html = await send('GET', '/api/apps/ui-resource?server=s&uri=ui%3A%2F%2Fa');
    expect(html.status).toBe(200);
    expect(html.headers['x-frame-options']).toBe('DENY');
    expect(
      handled.map((r) => {
        const url = new URL(r.url);
        return `${r.method} ${url.hostname}${url.pathname}${url.search}`;
      }),
    ).toEqual([
      'GET a0.sandbox.localhost/sandbox?uri=ui%3A%2F%2Fa&t=x',
      'GET localhost/api/apps/ui-resource?server=s&uri=ui%3A%2F%2Fa',
    ]);
    expect(toNext).toEqual([]);
  });

  it('passes a lane route to Next until its module has opened the lane', async () => {
    laneTable().delete(laneKey('POST', '/api/chat'));
    await send('POST', '/api/chat', {}, '{}');
    expect(toNext).toEqual(['POST /api/chat']);
    expect(handled).toEqual([]);
  });

  it('DNS rebinding: refuses a foreign Host, and a sandbox origin, before the route', async () => {
    const foreign = await send('POST', '/api/chat', { host: `rebind.example:${port}` }, '{}');
    expect(foreign.status).toBe(421);
    const sandbox = await send('POST', '/api/tools/call', { host: `a0.sandbox.localhost:${port}` }, '{}');
    expect(sandbox.status).toBe(404);
    expect(sandbox.body).toContain('serves only sandboxed views');
    expect(foreign.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(handled).toEqual([]);
    expect(toNext).toEqual([]);
  });

  it('leaves a Host that is not a plain name and port to Next rather than build a URL from it', async () => {
    await send('POST', '/api/chat', { host: `localhost:${port}/api/other` }, '{}');
    await send('POST', '/api/chat', { host: `user@localhost:${port}` }, '{}');
    expect(toNext).toEqual(['POST /api/chat', 'POST /api/chat']);
    expect(handled).toEqual([]);
  });

  it('cross-site requests: refuses a cross-site write, with the scheme taken as Next takes it', async () => {
    const crossSite = await send('POST', '/api/chat', { origin: 'http://evil.example' }, '{}');
    expect(crossSite.status).toBe(403);
    const fetchSite = await send('POST', '/api/chat', { 'sec-fetch-site': 'cross-site' }, '{}');
    expect(fetchSite.status).toBe(403);
    const sameSite = await send('POST', '/api/chat', { origin: `http://localhost:${port}` }, '{}');
    expect(sameSite.status).toBe(200);
    const httpsOrigin = { origin: `https://localhost:${port}` };
    expect((await send('POST', '/api/chat', httpsOrigin, '{}')).status).toBe(403);
    const behindTls = await send('POST', '/api/chat', { ...httpsOrigin, 'x-forwarded-proto': 'https' }, '{}');
    expect(behindTls.status).toBe(200);
    expect(handled).toHaveLength(2);
  });

  it('hosted mode: no session answers 401 before the route; a session names its user and keeps its cookies', async () => {
    process.env.AUTH_MODE = 'passkey';
    vi.mocked(checkSession).mockResolvedValueOnce(null);
    const signedOut = await send('POST', '/api/tools/call', { 'x-mcplet-user-id': 'mallory' }, '{}');
    expect(signedOut.status).toBe(401);
    expect(JSON.parse(signedOut.body)).toEqual({ error: 'Sign in first.' });
    expect(handled).toEqual([]);

    vi.mocked(checkSession).mockResolvedValueOnce({
      user: { id: 'user-1', displayName: 'Zoë B' },
      setCookies: ['a=1; Path=/; HttpOnly', 'b=2; Path=/; HttpOnly'],
    });
    const signedIn = await send('POST', '/api/tools/call', { 'x-mcplet-user-id': 'mallory' }, '{}');
    expect(signedIn.status).toBe(200);
    expect(handled[0]?.headers.get('x-mcplet-user-id')).toBe('user-1');
    expect(handled[0]?.headers.get('x-mcplet-user-name')).toBe(encodeURIComponent('Zoë B'));
    expect(signedIn.headers['set-cookie']).toEqual(['a=1; Path=/; HttpOnly', 'b=2; Path=/; HttpOnly']);
  });

  it('streams the answer as the route produces it', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    handler = async () =>
      eventStream(async (write) => {
        write('data: first\n\n');
        await released;
        write('data: second\n\n');
      });
    const chunks: string[] = [];
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest(chatPost(), (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          chunks.push(chunk);
          // The second part exists only once the first has reached the client.
          if (chunks.length === 1) release();
        });
        res.on('end', resolve);
      });
      req.on('error', reject);
      req.end('{}');
    });
    expect(chunks.join('')).toBe('data: first\n\ndata: second\n\n');
  });

  it("sends a part at once, not after the rest of the route's burst (Node holds writes to the next tick)", async () => {
    let leftAtOnce: boolean | undefined;
    handler = async () =>
      eventStream(async (write) => {
        // The rule is about time: a part that comes after the answer's first 2 ms (a first token).
        await new Promise((resolve) => setTimeout(resolve, 5));
        write('data: first\n\n');
        // The rest of a burst: work in the same run of microtasks, before any next tick.
        for (let i = 0; i < 100; i++) await Promise.resolve();
        const socket = lastResponse?.socket;
        leftAtOnce = lastResponse?.headersSent === true && socket?.writableLength === 0;
        write('data: second\n\n');
      });
    const answer = await send('POST', '/api/chat', {}, '{}');
    expect(answer.body).toBe('data: first\n\ndata: second\n\n');
    expect(leftAtOnce).toBe(true);
  });

  it("sends a burst's first token at once, though its step's start left just before", async () => {
    const sentAtOnce: boolean[] = [];
    const leftAtOnce = () => {
      const socket = lastResponse?.socket;
      return socket?.writableCorked === 0 && socket.writableLength === 0;
    };
    handler = async () =>
      eventStream(async (write) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        // One run of microtasks from here: the model's burst (a step's start, text, tokens).
        for (const part of ['start-step', 'text-start', 'text-delta', 'text-delta 2', 'text-delta 3']) {
          write(`data: ${part}\n\n`);
          for (let i = 0; i < 20; i++) await Promise.resolve();
          sentAtOnce.push(leftAtOnce());
        }
      });
    const answer = await send('POST', '/api/chat', {}, '{}');
    expect(answer.body).toContain('data: text-delta 3');
    // The first three writes of the burst leave at once; the rest of it shares the next flush.
    expect(sentAtOnce).toEqual([true, true, true, false, false]);
  });

  it("holds a part that comes with the answer's start to the tick's end (the model's request goes out first)", async () => {
    let heldInTick: boolean | undefined;
    handler = async () =>
      eventStream(async (write) => {
        write('data: start\n\n');
        for (let i = 0; i < 100; i++) await Promise.resolve();
        heldInTick = lastResponse?.socket?.writableCorked !== 0;
        write('data: more\n\n');
      });
    const answer = await send('POST', '/api/chat', {}, '{}');
    expect(answer.body).toBe('data: start\n\ndata: more\n\n');
    expect(heldInTick).toBe(true);
  });

  it('sends an answer that is not an event stream in one write (a write is a system call)', async () => {
    let writes = 0;
    handler = async () => {
      const socket = lastResponse?.socket;
      if (socket) {
        const count = () => {
          writes += 1;
        };
        vi.spyOn(socket, '_write').mockImplementation(function (this: typeof socket, ...args) {
          count();
          return Object.getPrototypeOf(socket)._write.apply(this, args);
        });
        vi.spyOn(socket, '_writev').mockImplementation(function (this: typeof socket, ...args) {
          count();
          return Object.getPrototypeOf(socket)._writev.apply(this, args);
        });
      }
      return Response.json({ result: 'x'.repeat(2000) });
    };
    const answer = await send('POST', '/api/tools/call', {}, '{}');
    expect(JSON.parse(answer.body)).toEqual({ result: 'x'.repeat(2000) });
    expect(writes).toBe(1);
  });

  it('a client that leaves aborts the route request and cancels its answer', async () => {
    let aborted!: Promise<void>;
    let cancelled!: () => void;
    const cancel = new Promise<void>((resolve) => {
      cancelled = resolve;
    });
    handler = async (request) => {
      aborted = new Promise((resolve) => request.signal.addEventListener('abort', () => resolve()));
      return new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            controller.enqueue(new TextEncoder().encode('data: more\n\n'));
            return new Promise((resolve) => setTimeout(resolve, 5));
          },
          cancel: () => cancelled(),
        }),
      );
    };
    await new Promise<void>((resolve) => {
      const req = httpRequest(chatPost(), (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', () => undefined);
      req.end('{}');
    });
    await aborted;
    await cancel;
  });

  it('a client that leaves while sending its body reaches no route and reports no error', async () => {
    let arrived!: () => void;
    const received = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const closed = new Promise<void>((resolve) => {
      server.once('request', (_req, res: ServerResponse) => {
        arrived();
        res.once('close', () => resolve());
      });
    });
    const req = httpRequest({
      ...chatPost(),
      headers: { host: `localhost:${port}`, 'content-length': '100' },
    });
    req.on('error', () => undefined);
    req.write('{"partial":');
    await received;
    req.destroy();
    await closed;
    // The body's read fails in the microtasks after the close: let them all run.
    await new Promise((resolve) => setImmediate(resolve));
    expect(handled).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('a route that throws answers 500 and the listener goes on serving', async () => {
    handler = async () => {
      throw new Error('route broke');
    };
    const broken = await send('POST', '/api/chat', {}, '{}');
    expect(broken.status).toBe(500);
    expect(broken.body).not.toContain('route broke');
    expect(errors).toHaveLength(1);
    handler = async () => Response.json({ ok: 1 });
    expect((await send('POST', '/api/chat', {}, '{}')).status).toBe(200);
  });

  it('opens a lane only for the routes the lane table names', () => {
    expect(() => openLane('POST', '/api/servers', async () => new Response())).toThrow(/not a lane route/);
  });
});
