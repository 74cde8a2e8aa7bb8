import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Generation,
  PROGRESS_SECRET,
  type ProgressServer,
  startProgressServer,
} from '../../tests/fixtures/mcp/progress-server';
import type { CallProgress } from './call-progress';
import { CANCELLED_TEXT } from './cancelled-call';
import { dispatch } from './dispatch';
import { McpRegistry } from './registry';

// MCP utilities/progress and utilities/cancellation, on both generations: every call carries a
// progress token; the server's reports reach the caller read and masked; an aborted call tells the
// server and ends as cancelled.
describe.each<Generation>(['modern', 'legacy'])('progress and cancellation (%s server)', (generation) => {
  let server: ProgressServer;
  let registry: McpRegistry;
  beforeAll(async () => {
    server = await startProgressServer(generation);
    registry = new McpRegistry(new Set());
    await registry
      .start({
        id: 'counter',
        name: 'Counter',
        transport: { type: 'http', url: server.url },
        admission: 'strict',
        source: 'user',
        ownerId: 'alice',
      })
      .connect();
  });
  afterAll(async () => {
    await registry.closeAll();
    await server.close();
  });

  const count = (
    args: Record<string, unknown>,
    run: { signal?: AbortSignal; onProgress?: (p: CallProgress) => void },
  ) =>
    dispatch(registry, {
      serverId: 'counter',
      toolName: 'count_slowly',
      args,
      surface: { kind: 'model' },
      session: { userId: 'alice' },
      ...run,
    });

  it('reports each step with its total, the message masked, then the result', async () => {
    expect(registry.getFor('counter', 'alice')?.protocolVersion).toBe(
      generation === 'modern' ? '2026-07-28' : '2025-11-25',
    );
    const seen: CallProgress[] = [];
    const result = await count({ steps: 3, stepMs: 5 }, { onProgress: (p) => seen.push(p) });
    expect('result' in result.envelope).toBe(true);
    expect(seen.map((p) => [p.progress, p.total])).toEqual([
      [0, 3],
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    expect(seen[0]?.message).toMatch(/^Starting with key /);
    expect(seen[0]?.message).not.toContain(PROGRESS_SECRET);
    expect(seen[3]?.message).toBe('Counted 3 of 3');
  });

  it('a call aborted while it runs tells the server, and ends as cancelled for the model', async () => {
    const before = server.cancelled;
    const abort = new AbortController();
    const result = await count(
      { steps: 200, stepMs: 50 },
      { signal: abort.signal, onProgress: (p) => p.progress >= 1 && abort.abort() },
    );
    expect(result.sent).toBe(true);
    expect('error' in result.envelope && result.envelope.error).toEqual({
      code: 'X_CANCELLED',
      message: CANCELLED_TEXT,
    });
    expect(JSON.stringify(result.modelContent)).toContain(CANCELLED_TEXT);
    await expect.poll(() => server.cancelled).toBeGreaterThan(before);
    expect(registry.getFor('counter', 'alice')?.status).toBe('ready');
  });

  it('a call aborted before it was sent is not sent', async () => {
    const abort = new AbortController();
    abort.abort();
    const finished = server.finished;
    const result = await count({ steps: 1, stepMs: 1 }, { signal: abort.signal });
    expect(result.sent).toBe(false);
    expect('error' in result.envelope && result.envelope.error.code).toBe('X_CANCELLED');
    expect(server.finished).toBe(finished);
  });
});
