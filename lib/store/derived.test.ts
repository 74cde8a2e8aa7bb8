import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DerivedEvent } from '../apps/derived-protocol';
import {
  addSink,
  deliverBackend,
  markConsumed,
  offerDerived,
  preferredSink,
  removeSink,
  useDerived,
  type ViewSink,
} from './derived';

const TARGET = 'restaurant/search_restaurants';
const origin = { conversationId: 'conv', canFallBack: true };

function sink(viewId: string, mode = 'inline', target = TARGET) {
  const events: DerivedEvent[] = [];
  const value: ViewSink = {
    viewId,
    target,
    toolName: target.split('/')[1] ?? '',
    inputSchema: { type: 'object' },
    mode: () => mode,
    deliver: (event) => events.push(event),
  };
  return { value, events, methods: () => events.map((e) => e.method.split('/').pop()) };
}

function item(id: string, over: Partial<Parameters<typeof offerDerived>[0]> = {}) {
  return {
    id,
    toolId: TARGET,
    result: { results: [id] },
    bytes: 20,
    timestamp: new Date().toISOString(),
    expiresAt: Date.now() + 10_000,
    ...over,
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  useDerived.setState({ table: {}, origins: {}, status: {}, sinks: [] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the browser half of the derived channel', () => {
  it('14.4: a fullscreen view is preferred, then pip, then the newest inline view', () => {
    const a = sink('a');
    const b = sink('b');
    addSink(a.value);
    addSink(b.value);
    expect(preferredSink(TARGET)?.viewId).toBe('b');
    const pip = sink('p', 'pip');
    addSink(pip.value);
    expect(preferredSink(TARGET)?.viewId).toBe('p');
    const full = sink('f', 'fullscreen');
    addSink(full.value);
    expect(preferredSink(TARGET)?.viewId).toBe('f');
    expect(preferredSink('other/tool')).toBeUndefined();
  });

  it('10.5: the update goes to one view of the target, named by its own tool, with its expiry', () => {
    const view = sink('v', 'fullscreen');
    const other = sink('o');
    addSink(other.value);
    addSink(view.value);
    offerDerived(item('c1', { revision: 2 }), origin);
    expect(other.events).toEqual([]);
    expect(view.events[0]).toMatchObject({
      method: 'mcplet/notifications/tool-result-update',
      params: { toolId: 'search_restaurants', result: { results: ['c1'] }, revision: 2, source: 'model' },
    });
    const params = view.events[0]?.params as { expiresAt?: string } | undefined;
    expect(Date.parse(params?.expiresAt ?? '')).toBeGreaterThan(Date.now());
  });

  it('10.6: consumed once; a view opened later does not get it again', () => {
    const first = sink('v1');
    addSink(first.value);
    offerDerived(item('c1'), origin);
    markConsumed(TARGET, 'v1');
    expect(useDerived.getState().status.c1).toEqual({ phase: 'applied', viewId: 'v1' });
    markConsumed(TARGET, 'v1');
    const later = sink('v2');
    addSink(later.value);
    expect(later.events).toEqual([]);
  });

  it('10.6: a duplicate is not delivered again (the view does not re-render)', () => {
    const view = sink('v');
    addSink(view.value);
    offerDerived(item('c1', { revision: 1 }), origin);
    offerDerived(item('c2', { revision: 1 }), origin);
    expect(view.methods()).toEqual(['tool-result-update']);
    expect(useDerived.getState().status.c2).toEqual({ phase: 'duplicate' });
  });

  it('10.6: a result waits for a view of its target, and reaches it when one opens within the TTL', () => {
    offerDerived(item('c1'), origin);
    expect(useDerived.getState().status.c1).toEqual({ phase: 'pending' });
    const view = sink('v');
    addSink(view.value);
    expect(view.methods()).toEqual(['tool-result-update']);
  });

  it('10.6: an expired result is discarded, announced to the views, and never delivered afterwards', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new Error('offline')));
    const closed = sink('v');
    addSink(closed.value);
    removeSink('v');
    offerDerived(item('c1', { expiresAt: Date.now() + 1_000 }), origin);
    const watcher = sink('w', 'inline', 'restaurant/other');
    addSink(watcher.value);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(useDerived.getState().status.c1).toEqual({
      phase: 'expired',
      fallback: 'the host could not be reached',
    });
    const view = sink('late');
    addSink(view.value);
    expect(view.methods()).toEqual([]);
    expect(closed.events).toEqual([]);
    expect(watcher.events).toEqual([]);
  });

  it('10.6: expiry while a view is open tells it tool-result-expired, then tool-invoking for the real call', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new Error('offline')));
    const view = sink('v');
    offerDerived(item('c1', { expiresAt: Date.now() + 500 }), origin);
    useDerived.setState((s) => ({ sinks: [...s.sinks, view.value] }));
    await vi.advanceTimersByTimeAsync(600);
    expect(view.methods()).toEqual(['tool-result-expired', 'tool-invoking']);
  });

  it('10.6: with nothing to call instead, an expiring result tells the view only that it expired', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new Error('offline')));
    const view = sink('v');
    offerDerived(item('c1', { expiresAt: Date.now() + 500 }), { ...origin, canFallBack: false });
    useDerived.setState((s) => ({ sinks: [...s.sinks, view.value] }));
    await vi.advanceTimersByTimeAsync(600);
    expect(view.methods()).toEqual(['tool-result-expired']);
  });

  it('10.6: a newer result for the same target replaces one no view has used; only the newer is delivered', () => {
    offerDerived(item('c1', { revision: 1 }), origin);
    offerDerived(item('c2', { revision: 2 }), origin);
    expect(useDerived.getState().status.c1).toEqual({ phase: 'replaced' });
    const view = sink('v');
    addSink(view.value);
    expect(view.events).toHaveLength(1);
    expect(view.events[0]?.params).toMatchObject({ result: { results: ['c2'] }, revision: 2 });
  });

  it('10.7: a backend fallback that failed reaches the view as tool-error with its code; a success as an update', () => {
    const view = sink('v');
    addSink(view.value);
    expect(
      deliverBackend(TARGET, {
        result: { isError: true, content: [{ type: 'text', text: 'bad maxPrice' }] },
        error: { code: 'VALIDATION_ERROR', message: 'bad maxPrice' },
      }),
    ).toBe('VALIDATION_ERROR');
    expect(view.events.at(-1)).toMatchObject({
      method: 'mcplet/notifications/tool-error',
      params: { toolId: 'search_restaurants', error: 'bad maxPrice', code: 'VALIDATION_ERROR' },
    });
    expect(deliverBackend(TARGET, { result: { content: [], structuredContent: { results: [] } } })).toBe(
      'shown',
    );
    expect(view.events.at(-1)).toMatchObject({ params: { source: 'backend', result: { results: [] } } });
    expect(deliverBackend('restaurant/other', { result: { content: [], structuredContent: {} } })).toBe(
      'no-view',
    );
  });
});
