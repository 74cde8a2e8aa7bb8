import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { frameKey, OUTER_SANDBOX, type ViewFrameHint } from '@/lib/apps/sandbox';
import {
  adoptViewFrame,
  isProxyReady,
  PARKED_FRAME_KEPT_MS,
  PARKED_FRAMES_MAX,
  parkViewFrame,
  proxyReadySeen,
} from './early-frame';

/** Just enough of a document for the module: elements that know their parent, and message listeners. */
class FakeElement {
  parent: FakeElement | null = null;
  children: FakeElement[] = [];
  attributes = new Map<string, string>();
  dataset: Record<string, string> = {};
  style = { cssText: '' };
  inert = false;
  id = '';
  title = '';
  referrerPolicy = '';
  src = '';
  contentWindow: object | null;
  moves = 0;
  constructor(readonly tag: string) {
    this.contentWindow = tag === 'iframe' ? { name: `window of an ${tag}` } : null;
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  getAttribute(name: string) {
    return this.attributes.get(name) ?? null;
  }
  append(child: FakeElement) {
    child.remove();
    child.parent = this;
    this.children.push(child);
  }
  remove() {
    if (!this.parent) return;
    this.parent.children = this.parent.children.filter((c) => c !== this);
    this.parent = null;
  }
  get isConnected(): boolean {
    return this.parent !== null;
  }
}

class MovableElement extends FakeElement {
  moveBefore(child: FakeElement) {
    child.moves++;
    this.append(child);
  }
}

let body: FakeElement;
let listeners: Array<(event: MessageEvent) => void>;
const HINT: ViewFrameHint = {
  sandboxOrigin: 'http://abc.sandbox.localhost:3000',
  allow: 'camera',
  ticket: 't1',
};
const URI = 'ui://restaurant/search.html';
let nextView = 0;
const viewId = () => `call-${++nextView}`;

function setUp(withMove: boolean) {
  const Element = withMove ? MovableElement : FakeElement;
  body = new Element('body');
  listeners = [];
  const document = {
    body,
    createElement: (tag: string) => new Element(tag),
    getElementById: (id: string) => body.children.find((c) => c.id === id) ?? null,
  };
  vi.stubGlobal('document', document);
  vi.stubGlobal('window', {
    addEventListener: (_: string, listener: (event: MessageEvent) => void) => listeners.push(listener),
    removeEventListener: (_: string, listener: (event: MessageEvent) => void) => {
      listeners = listeners.filter((l) => l !== listener);
    },
  });
}

const lotFrames = () => body.children.find((c) => c.id === 'mcplet-parked-view-frames')?.children ?? [];
const asElement = (element: FakeElement) => element as unknown as Element;
const frameOf = (element: FakeElement | HTMLIFrameElement | null) => element as unknown as FakeElement;
const post = (event: Partial<MessageEvent>) => {
  for (const listener of [...listeners]) listener(event as MessageEvent);
};
const READY = { jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} };

describe('views started from the chat stream', () => {
  beforeEach(() => setUp(true));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('starts the frame the view would start, hidden in an inert lot outside the tab order', () => {
    parkViewFrame(viewId(), HINT, URI, 'Search (view from Restaurant)');
    const lot = body.children[0];
    expect(lot?.inert).toBe(true);
    expect(lot?.getAttribute('aria-hidden')).toBe('true');
    expect(lot?.style.cssText).toContain('left:-10000px');
    const [frame] = lotFrames();
    expect(frame?.getAttribute('sandbox')).toBe(OUTER_SANDBOX);
    expect(frame?.getAttribute('allow')).toBe('camera');
    expect(frame?.referrerPolicy).toBe('strict-origin');
    expect(frame?.src).toBe(`${HINT.sandboxOrigin}/sandbox?uri=${encodeURIComponent(URI)}&t=t1`);
    expect(frame?.dataset.testid).toBe('view-frame');
  });

  it('gives the frame to its view once, moved (its document kept), and only for the same frame', () => {
    const id = viewId();
    parkViewFrame(id, HINT, URI, 'view');
    const slot = new MovableElement('div');
    const adopted = frameOf(adoptViewFrame(id, frameKey(HINT), asElement(slot)));
    expect(adopted.parent).toBe(slot);
    expect(adopted.moves).toBe(1);
    expect(adoptViewFrame(id, frameKey(HINT), asElement(slot))).toBeNull();

    const other = viewId();
    parkViewFrame(other, HINT, URI, 'view');
    const [waiting] = lotFrames();
    // The resource named another frame (origin, allow or ticket): the early one is removed, not used.
    expect(adoptViewFrame(other, frameKey({ ...HINT, allow: '' }), asElement(slot))).toBeNull();
    expect(waiting?.isConnected).toBe(false);
    expect(adoptViewFrame(viewId(), frameKey(HINT), asElement(slot))).toBeNull();
  });

  it('removes a frame no view takes, and keeps at most a few waiting', () => {
    vi.useFakeTimers();
    parkViewFrame(viewId(), HINT, URI, 'view');
    const [first] = lotFrames();
    vi.advanceTimersByTime(PARKED_FRAME_KEPT_MS - 1);
    expect(first?.isConnected).toBe(true);
    vi.advanceTimersByTime(1);
    expect(first?.isConnected).toBe(false);
    expect(listeners).toHaveLength(0);

    const ids = Array.from({ length: PARKED_FRAMES_MAX + 1 }, viewId);
    for (const id of ids) parkViewFrame(id, HINT, URI, 'view');
    expect(lotFrames()).toHaveLength(PARKED_FRAMES_MAX);
    expect(adoptViewFrame(ids[0] ?? '', frameKey(HINT), asElement(new MovableElement('div')))).toBeNull();
  });

  it('starts nothing where a frame cannot be moved with its document', () => {
    setUp(false);
    parkViewFrame(viewId(), HINT, URI, 'view');
    expect(body.children).toHaveLength(0);
  });

  it("remembers the proxy's ready only from that frame's window and its sandbox origin (view isolation)", () => {
    const id = viewId();
    parkViewFrame(id, HINT, URI, 'view');
    const frame = lotFrames()[0];
    const source = frame?.contentWindow as Window;
    post({ source: { other: true } as unknown as Window, origin: HINT.sandboxOrigin, data: READY });
    post({ source, origin: 'http://evil.localhost:3000', data: READY });
    post({ source, origin: HINT.sandboxOrigin, data: { ...READY, method: 'ui/notifications/initialized' } });
    post({ source, origin: HINT.sandboxOrigin, data: { method: READY.method } });
    const element = adoptViewFrame(id, frameKey(HINT), asElement(new MovableElement('div')));
    if (!element) throw new Error('not adopted');
    expect(proxyReadySeen(element)).toBe(false);
    post({ source, origin: HINT.sandboxOrigin, data: READY });
    expect(proxyReadySeen(element)).toBe(true);
    expect(listeners).toHaveLength(0);
  });

  it('isProxyReady needs a frame window', () => {
    expect(
      isProxyReady({ source: null, origin: HINT.sandboxOrigin, data: READY }, null, HINT.sandboxOrigin),
    ).toBe(false);
  });
});
