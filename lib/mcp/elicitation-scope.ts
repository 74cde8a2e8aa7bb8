import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { type ElicitationOrigin, elicitationStore } from './elicitation-store';

const current = new AsyncLocalStorage<ElicitationOrigin>();
const inFlight = new Map<string, Set<ElicitationOrigin>>();

/**
 * Runs one tool call as the origin of whatever its server elicits meanwhile. Over Streamable HTTP
 * the server's request arrives on the call's own response stream, so it runs in the call's async
 * context; over stdio only "the one call in flight on this server" can tell, so two concurrent
 * calls on one stdio server make an elicitation unattributable (it is then cancelled).
 */
export async function withElicitationOrigin<T>(origin: ElicitationOrigin, run: () => Promise<T>): Promise<T> {
  const calls = inFlight.get(origin.serverKey) ?? new Set();
  inFlight.set(origin.serverKey, calls);
  calls.add(origin);
  try {
    return await current.run(origin, run);
  } finally {
    calls.delete(origin);
    if (calls.size === 0) inFlight.delete(origin.serverKey);
    elicitationStore().endCall(origin.callId);
  }
}

/** Work that must not inherit a call's origin (a session opened during a call outlives it). */
export function outsideAnyCall<T>(run: () => T): T {
  return current.exit(run);
}

/**
 * The call a server's elicitation belongs to, or nothing when it cannot be told for sure. `serverKey`
 * is the connection's (`connectionKey`): two users' servers of one id are two servers.
 */
export function originOf(serverKey: string): ElicitationOrigin | undefined {
  const calls = inFlight.get(serverKey);
  const here = current.getStore();
  if (here && here.serverKey === serverKey && calls?.has(here)) return here;
  return calls?.size === 1 ? [...calls][0] : undefined;
}
