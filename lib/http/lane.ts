import 'server-only';
import { checkSession } from '../auth/session-check';
import { REQUEST_ID_HEADER } from '../log/request-context';
import { frontDoor, requestIdOf } from './front-door';
import { keepLaneBody } from './lane-body';
import { type LaneRequest, laneKey, laneRouteFor, laneTable } from './lane-table';

type RouteHandler = (request: Request) => Promise<Response>;

/**
 * Opens the lane for a route module's handler: the host's server then answers this route itself,
 * through the same front door as proxy.ts, with the same handler (one module instance: the bundle's).
 */
export function openLane(method: string, path: string, handler: RouteHandler): void {
  if (!laneRouteFor(method, path))
    throw new Error(`${method} ${path} is not a lane route (lib/http/lane-table.ts)`);
  laneTable().set(laneKey(method, path), async (request: LaneRequest) => {
    const requestId = requestIdOf(request.headers);
    const outcome = await frontDoor(request, requestId, checkSession);
    const idHeader: [string, string] = [REQUEST_ID_HEADER, requestId];
    if (outcome.kind === 'answer') return { response: outcome.response, headers: [idHeader] };
    const routed = new Request(request.url, {
      method: request.method,
      headers: outcome.forwarded,
      body: request.body,
      signal: request.signal,
    });
    if (request.body) keepLaneBody(routed, request.body);
    return { response: await handler(routed), headers: [...outcome.responseHeaders, idHeader] };
  });
}
