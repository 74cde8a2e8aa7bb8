import { frameKey, OUTER_SANDBOX, sandboxSrc, type ViewFrameHint } from '@/lib/apps/sandbox';

/** A frame whose view never mounted (its call was refused, the page moved on) is removed after this. */
export const PARKED_FRAME_KEPT_MS = 30_000;
/** Frames waiting at once; a newer one removes the oldest. */
export const PARKED_FRAMES_MAX = 4;
const PROXY_READY = 'ui/notifications/sandbox-proxy-ready';
const LOT_ID = 'mcplet-parked-view-frames';

type Movable = Element & { moveBefore(node: Node, child: Node | null): void };

interface Parked {
  frame: HTMLIFrameElement;
  key: string;
  timer: ReturnType<typeof setTimeout>;
}

const parked = new Map<string, Parked>();
/** Frames whose proxy said it is ready while no bridge listened. */
const readySeen = new WeakSet<HTMLIFrameElement>();
const stopWatching = new WeakMap<HTMLIFrameElement, () => void>();

function movable(element: Element): element is Movable {
  return typeof (element as Partial<Movable>).moveBefore === 'function';
}

/**
 * As for the view's transport (docs/security.md, "View isolation"): a proxy's ready counts only when it comes from that frame's
 * window and from the frame's sandbox origin.
 */
export function isProxyReady(
  event: Pick<MessageEvent, 'source' | 'origin' | 'data'>,
  frame: Window | null,
  origin: string,
): boolean {
  const data = event.data as { jsonrpc?: unknown; method?: unknown } | null;
  return (
    frame !== null &&
    event.source === frame &&
    event.origin === origin &&
    typeof data === 'object' &&
    data !== null &&
    data.jsonrpc === '2.0' &&
    data.method === PROXY_READY
  );
}

/** A view's outer (sandbox proxy) frame, not yet in the document: `allow` is set before `src`. */
export function createViewFrame(frame: ViewFrameHint, resourceUri: string, title: string): HTMLIFrameElement {
  const element = document.createElement('iframe');
  element.setAttribute('sandbox', OUTER_SANDBOX);
  if (frame.allow) element.setAttribute('allow', frame.allow);
  element.referrerPolicy = 'strict-origin';
  element.title = title;
  element.dataset.testid = 'view-frame';
  element.src = sandboxSrc(frame, resourceUri);
  return element;
}

function watchReady(element: HTMLIFrameElement, origin: string): void {
  const listen = (event: MessageEvent) => {
    if (!isProxyReady(event, element.contentWindow, origin)) return;
    readySeen.add(element);
    stop();
  };
  const stop = () => {
    window.removeEventListener('message', listen);
    stopWatching.delete(element);
  };
  window.addEventListener('message', listen);
  stopWatching.set(element, stop);
}

/** Where frames wait for their view: out of sight, out of the tab order and the accessibility tree. */
function lot(): HTMLElement {
  const found = document.getElementById(LOT_ID);
  if (found) return found;
  const element = document.createElement('div');
  element.id = LOT_ID;
  element.inert = true;
  element.setAttribute('aria-hidden', 'true');
  element.style.cssText =
    'position:fixed;left:-10000px;top:0;width:1px;height:1px;overflow:hidden;pointer-events:none';
  document.body.append(element);
  return element;
}

function drop(viewId: string): void {
  const entry = parked.get(viewId);
  if (!entry) return;
  parked.delete(viewId);
  clearTimeout(entry.timer);
  releaseViewFrame(entry.frame);
  entry.frame.remove();
}

/**
 * Starts a view's sandbox frame as its tool call arrives, before React renders the call:
 * the chat's main thread may be busy for tens of milliseconds first. The frame waits, hidden, until
 * the view mounts and moves it into place with `moveBefore`, which keeps its document. Nothing is
 * sent to it before then: the view's HTML goes only through the view's bridge, as for any frame.
 * Where `moveBefore` is missing, nothing is started (a moved frame would load again).
 */
export function parkViewFrame(viewId: string, hint: ViewFrameHint, resourceUri: string, title: string): void {
  if (typeof document === 'undefined' || parked.has(viewId) || !movable(document.body)) return;
  const element = createViewFrame(hint, resourceUri, title);
  watchReady(element, hint.sandboxOrigin);
  parked.set(viewId, {
    frame: element,
    key: frameKey(hint),
    timer: setTimeout(() => drop(viewId), PARKED_FRAME_KEPT_MS),
  });
  lot().append(element);
  // bench/view-init and the e2e suite read when a view's frame started.
  performance.mark(`mcplet:frame-parked:${viewId}`);
  const oldest = parked.keys().next().value;
  if (parked.size > PARKED_FRAMES_MAX && oldest !== undefined) drop(oldest);
}

/**
 * The frame started for this view, moved to the end of `slot`, when it was started for the same
 * frame (`key`); else null, and a frame started for another is removed.
 */
export function adoptViewFrame(viewId: string, key: string, slot: Element): HTMLIFrameElement | null {
  const entry = parked.get(viewId);
  if (!entry) return null;
  parked.delete(viewId);
  clearTimeout(entry.timer);
  try {
    if (entry.key !== key || !movable(slot)) throw new Error('not this frame');
    slot.moveBefore(entry.frame, null);
    return entry.frame;
  } catch {
    releaseViewFrame(entry.frame);
    entry.frame.remove();
    return null;
  }
}

/** The frame's proxy said it is ready before anything else listened to it. */
export function proxyReadySeen(element: HTMLIFrameElement): boolean {
  return readySeen.has(element);
}

/** The frame is gone: stop listening for its proxy. */
export function releaseViewFrame(element: HTMLIFrameElement): void {
  stopWatching.get(element)?.();
}
