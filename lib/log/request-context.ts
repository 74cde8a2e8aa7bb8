import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  requestId: string;
  userId?: string;
}

const store = new AsyncLocalStorage<RequestContext>();

/** The request id header: set by the proxy on every request (one from the load balancer kept if sane). */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Runs `work` with the request's id and user, so every log line it (and what it starts) writes names them. */
export function withRequestContext<T>(request: Request, userId: string | undefined, work: () => T): T {
  const requestId = request.headers.get(REQUEST_ID_HEADER) ?? '';
  return store.run({ requestId, ...(userId ? { userId } : {}) }, work);
}

export function requestContext(): RequestContext | undefined {
  return store.getStore();
}
