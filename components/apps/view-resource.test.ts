import type { UIMessageChunk } from 'ai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EARLY_READ_KEPT_MS,
  isViewChanged,
  loadViewResource,
  prefetchViewOf,
  prefetchViewResource,
} from './view-resource';

let reads: string[] = [];
let answer: () => Response = () => Response.json({ html: '<p>view</p>' });

beforeEach(() => {
  reads = [];
  answer = () => Response.json({ html: '<p>view</p>' });
  vi.stubGlobal('fetch', async (url: string) => {
    reads.push(url);
    return answer();
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const start = (toolCallId: string, toolMetadata?: Record<string, unknown>): UIMessageChunk => ({
  type: 'tool-input-start',
  toolCallId,
  toolName: 'restaurant__search',
  ...(toolMetadata ? { toolMetadata: toolMetadata as never } : {}),
});
const VIEW = { serverId: 'restaurant', ui: { resourceUri: 'ui://restaurant/search.html' } };
const available = (toolCallId: string): UIMessageChunk => ({
  type: 'tool-input-available',
  toolCallId,
  toolName: 'restaurant__search',
  input: {},
  toolMetadata: VIEW,
});

describe("a view's HTML is read as soon as its tool call arrives", () => {
  it('the view takes the read started for it, once; a later view reads anew', async () => {
    prefetchViewResource('s1', 'ui://s1/a.html');
    expect(reads).toEqual(['/api/apps/ui-resource?server=s1&uri=ui%3A%2F%2Fs1%2Fa.html']);
    expect(await loadViewResource('s1', 'ui://s1/a.html')).toEqual({
      ok: true,
      status: 200,
      body: { html: '<p>view</p>' },
    });
    expect(reads).toHaveLength(1);
    await loadViewResource('s1', 'ui://s1/a.html');
    expect(reads).toHaveLength(2);
  });

  it('a tool call with a view starts its read once, whichever of its parts comes first; one without a view starts none', async () => {
    prefetchViewOf(start('call-1', VIEW));
    prefetchViewOf(available('call-1'));
    prefetchViewOf(start('call-2', { serverId: 'restaurant' }));
    prefetchViewOf(start('call-3'));
    prefetchViewOf({ type: 'text-delta', id: 't', delta: 'ui://restaurant/search.html' });
    expect(reads).toEqual([
      '/api/apps/ui-resource?server=restaurant&uri=ui%3A%2F%2Frestaurant%2Fsearch.html',
    ]);
    await loadViewResource('restaurant', 'ui://restaurant/search.html');
    // Taken: the same call's later part does not start another read.
    prefetchViewOf(available('call-1'));
    expect(reads).toHaveLength(1);
  });

  it('a read no view took is dropped after a while, and a failed one reaches the view that takes it', async () => {
    vi.useFakeTimers();
    prefetchViewResource('s2', 'ui://s2/a.html');
    vi.advanceTimersByTime(EARLY_READ_KEPT_MS);
    await loadViewResource('s2', 'ui://s2/a.html');
    expect(reads).toHaveLength(2);
    answer = () => new Response('<html>', { status: 502 });
    prefetchViewResource('s3', 'ui://s3/a.html');
    await expect(loadViewResource('s3', 'ui://s3/a.html')).rejects.toThrow();
  });
});

describe("the host's refusal of a view whose HTML changed since the user trusted it", () => {
  it('is read from its 409 and typed code, and from nothing else', async () => {
    answer = () =>
      Response.json({ error: 'changed', code: 'X_VIEW_CHANGED', uri: 'ui://s/v.html' }, { status: 409 });
    expect(isViewChanged(await loadViewResource('s', 'ui://s/v.html'))).toBe(true);
    answer = () => Response.json({ error: 'conflict' }, { status: 409 });
    expect(isViewChanged(await loadViewResource('s', 'ui://s/v.html'))).toBe(false);
    answer = () => Response.json({ html: '<p>view</p>', code: 'X_VIEW_CHANGED' });
    expect(isViewChanged(await loadViewResource('s', 'ui://s/v.html'))).toBe(false);
  });
});
