// No `server-only` here: plain Node runs this module outside Next's bundle (scripts/host-server.ts,
// bundled by scripts/bundle-host-server.ts), where that package throws on import. It reads no
// environment and holds no policy; the lane entries it calls are the bundle's (lib/http/lane.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type LaneAnswer,
  type LaneEntry,
  type LaneRequest,
  laneKey,
  laneRouteFor,
  laneTable,
} from './lane-table';
import { eventStreamFlusher } from './stream-pacing';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

// A Host header that is a plain name or address with an optional port; anything else (a path, user
// info, spaces) is left to Next, which never builds a URL from it the way the lane would.
const PLAIN_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The lane entry for this request, or undefined when Next should answer it. */
function laneFor(req: IncomingMessage): LaneEntry | undefined {
  const target = req.url ?? '';
  const queryAt = target.indexOf('?');
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  const route = laneRouteFor(req.method, path);
  if (!route) return undefined;
  const host = req.headers.host;
  if (host !== undefined && !PLAIN_HOST.test(host)) return undefined;
  // Open once Next has loaded the route's module (its first request goes through Next).
  return laneTable().get(laneKey(route.method, route.path));
}

/** The scheme as Next's router takes it: TLS on the socket, or a proxy's `x-forwarded-proto`. */
function schemeOf(req: IncomingMessage): 'http' | 'https' {
  const encrypted = 'encrypted' in req.socket && req.socket.encrypted === true;
  const forwarded = req.headers['x-forwarded-proto'];
  const viaProxy = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? '')).includes('https');
  return encrypted || viaProxy ? 'https' : 'http';
}

/** The request's whole body (the lane's routes take small JSON): a client that leaves mid-body reaches no route. */
function bodyOf(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  // Events, not `for await`: the stream's async iterator costs more than the small body it reads.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    // No encoding is set on the request: its chunks are Buffers.
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
    req.once('close', () => {
      if (!req.complete) reject(new Error('the client left before its request body ended'));
    });
  });
}

async function laneRequestOf(req: IncomingMessage, signal: AbortSignal): Promise<LaneRequest> {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i] ?? '', raw[i + 1] ?? '');
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return {
    method,
    url: new URL(req.url ?? '/', `${schemeOf(req)}://${req.headers.host ?? 'localhost'}`),
    headers,
    body: hasBody ? await bodyOf(req) : null,
    signal,
  };
}

/** Resolves when the socket takes more, or the client has left (its 'close' may already be past). */
function drained(res: ServerResponse, left: AbortSignal): Promise<void> {
  if (left.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      left.removeEventListener('abort', done);
      resolve();
    };
    res.on('drain', done);
    left.addEventListener('abort', done);
  });
}

function isEventStream(response: Response): boolean {
  return response.headers.get('content-type')?.startsWith('text/event-stream') === true;
}

/**
 * Sends a route's Response with the front door's headers (added to the route's own), as it streams,
 * waiting for the socket when it is full; stops if the client left.
 */
async function send(
  { response, headers }: LaneAnswer,
  res: ServerResponse,
  left: AbortSignal,
): Promise<void> {
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  for (const [name, value] of headers) {
    if (name === 'set-cookie') cookies.push(value);
    else res.appendHeader(name, value);
  }
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  if (!response.body) {
    res.end();
    return;
  }
  // Other answers leave in one write (a write is a system call, and most of a small request's cost).
  const flush = isEventStream(response) ? eventStreamFlusher(res) : null;
  const reader = response.body.getReader();
  try {
    while (!left.aborted) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) {
        await drained(res, left);
        continue;
      }
      flush?.();
    }
  } finally {
    if (left.aborted) await reader.cancel().catch(() => undefined);
    else res.end();
  }
}

/**
 * The host's request listener: the lane's routes (lib/http/lane-table.ts) are answered by their
 * lane entries, every other request by Next. A lane entry runs the front door itself.
 */
export function createHostListener(next: NodeHandler, onError: (error: unknown) => void) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const lane = laneFor(req);
    if (!lane) {
      next(req, res).catch(onError);
      return;
    }
    const aborted = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) aborted.abort();
    });
    laneRequestOf(req, aborted.signal)
      .then(lane)
      .then((answer) => send(answer, res, aborted.signal))
      .catch((error: unknown) => {
        // Once the client has left (mid-body, say) nothing can be answered, and its going is no error.
        if (!aborted.signal.aborted) onError(error);
        if (res.headersSent) res.destroy();
        else res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Internal Server Error');
      });
  };
}
