/**
 * The lane: the host's own HTTP server (scripts/host-server.ts) answers these routes without
 * Next's request handling (about 5 ms and most of the CPU of a small request here), and
 * passes everything else to Next. Shared by that server and the bundle: the bundle's route module
 * opens its lane (lib/http/lane.ts) with the front door and the route's own handler, so the server
 * holds no policy of its own and every check, gate and store is the one Next's routes use.
 */
export const LANE_ROUTES = [
  { method: 'POST', path: '/api/chat' },
  { method: 'POST', path: '/api/tools/call' },
  // A view's boot: its HTML, and the sandbox proxy page its frame opens.
  { method: 'GET', path: '/api/apps/ui-resource' },
  { method: 'GET', path: '/sandbox' },
] as const;

export type LaneRoute = (typeof LANE_ROUTES)[number];

/** A request as the host's server received it: its target already resolved against its Host. */
export interface LaneRequest {
  method: string;
  url: URL;
  headers: Headers;
  /** The whole body, read before the route runs (the lane's routes take small JSON bodies); null for a GET. */
  body: Uint8Array<ArrayBuffer> | null;
  /** Aborted when the client goes away before the answer is complete. */
  signal: AbortSignal;
}

/** A route's answer and the front door's headers for it, sent together (no second Response is built). */
export interface LaneAnswer {
  response: Response;
  headers: ReadonlyArray<readonly [string, string]>;
}

export type LaneEntry = (request: LaneRequest) => Promise<LaneAnswer>;

const TABLE_KEY = Symbol.for('mcplet.lanes');

export function laneKey(method: string, path: string): string {
  return `${method} ${path}`;
}

/** The route the lane serves for this method and path (exact: anything else goes through Next). */
export function laneRouteFor(method: string | undefined, path: string): LaneRoute | undefined {
  return LANE_ROUTES.find((route) => route.method === method && route.path === path);
}

/** One table per process: the bundle's modules and the server are separate module graphs. */
export function laneTable(): Map<string, LaneEntry> {
  const holder = globalThis as { [TABLE_KEY]?: Map<string, LaneEntry> };
  holder[TABLE_KEY] ??= new Map();
  return holder[TABLE_KEY];
}
