/**
 * The bytes of a request the lane built (lib/http/lane.ts): it read the whole body before the route
 * ran, so `readJson` takes them from here rather than streaming them again. A request not
 * found here is read as any other; nothing depends on this but speed.
 */
const bodies = new WeakMap<Request, Uint8Array>();

export function keepLaneBody(request: Request, body: Uint8Array): void {
  bodies.set(request, body);
}

export function laneBodyOf(request: Request): Uint8Array | undefined {
  return bodies.get(request);
}
