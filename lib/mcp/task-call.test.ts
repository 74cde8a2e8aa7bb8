import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_TEXT, startTaskServer, type TaskServer } from '../../tests/fixtures/mcp/task-server';
import type { CallProgress } from './call-progress';
import { CANCELLED_TEXT } from './cancelled-call';
import { dispatch } from './dispatch';
import { McpRegistry } from './registry';

// MCP 2025-11-25 tasks through the one dispatch path: a tool with task support on a server that runs
// tasks is called as one, its status reaches the caller, its result is the call's result, and an
// aborted call sends tasks/cancel. A `required` tool on a server without tasks is refused by decide().
describe('MCP tasks (2025-11-25 server)', () => {
  let withTasks: TaskServer;
  let without: TaskServer;
  let registry: McpRegistry;
  beforeAll(async () => {
    withTasks = await startTaskServer({ tasks: true });
    without = await startTaskServer({ tasks: false });
    registry = new McpRegistry(new Set());
    for (const [id, server] of [
      ['tasks', withTasks],
      ['taskless', without],
    ] as const) {
      await registry
        .start({
          id,
          name: id,
          transport: { type: 'http', url: server.url },
          admission: 'strict',
          source: 'user',
          ownerId: 'alice',
        })
        .connect();
    }
  });
  afterAll(async () => {
    await registry.closeAll();
    await withTasks.close();
    await without.close();
  });

  const call = (
    serverId: string,
    toolName: string,
    args: Record<string, unknown>,
    run: { signal?: AbortSignal; onProgress?: (p: CallProgress) => void } = {},
  ) =>
    dispatch(registry, {
      serverId,
      toolName,
      args,
      surface: { kind: 'model' },
      session: { userId: 'alice' },
      ...run,
    });

  it('tasks: a required tool runs as a task; its statuses are reported and its result is the call result', async () => {
    const seen: CallProgress[] = [];
    const result = await call('tasks', 'compile_report', { seconds: 2 }, { onProgress: (p) => seen.push(p) });
    expect(result.envelope).toMatchObject({ result: [{ type: 'text', text: REPORT_TEXT }] });
    expect(result.task).toMatchObject({ status: 'completed' });
    expect(seen[0]?.task).toMatchObject({ status: 'working' });
    expect(seen.at(-1)?.task?.status).toBe('completed');
    expect(seen.some((p) => p.message === 'Section 1 of 2 done')).toBe(true);
    expect(withTasks.plainCalls).toBe(0);
  });

  it('tasks: an optional tool is called as a task when its server runs tasks', async () => {
    const created = withTasks.created;
    const result = await call('tasks', 'quick_sum', { a: 2, b: 3 });
    expect(result.envelope).toMatchObject({ result: [{ text: 'sum: 5' }] });
    expect(withTasks.created).toBe(created + 1);
  });

  it('tasks: cancelling the call sends tasks/cancel and the call ends cancelled', async () => {
    const stop = new AbortController();
    const result = await call(
      'tasks',
      'compile_report',
      { seconds: 5 },
      {
        signal: stop.signal,
        onProgress: (p) => {
          if (p.task?.status === 'working') stop.abort();
        },
      },
    );
    expect(result.envelope).toMatchObject({ error: { message: CANCELLED_TEXT } });
    expect(result.task?.status).toBe('cancelled');
    await expect.poll(() => withTasks.cancelled, { timeout: 4_000 }).toBeGreaterThan(0);
  });

  it('tasks: without the server capability a required tool is refused and never sent; an optional one runs plainly', async () => {
    const refused = await call('taskless', 'compile_report', {});
    expect(refused.decision).toMatchObject({ allow: false, code: 'TASK_UNSUPPORTED' });
    expect(refused.sent).toBe(false);
    const plain = await call('taskless', 'quick_sum', { a: 1, b: 1 });
    expect(plain.envelope).toMatchObject({ result: [{ text: 'sum: 2' }] });
    expect(without.plainCalls).toBe(1);
    expect(without.created).toBe(0);
    const offered = registry.modelTools({ userId: 'alice' }).map((t) => `${t.tool.serverId}/${t.tool.name}`);
    expect(offered.sort()).toEqual(['taskless/quick_sum', 'tasks/compile_report', 'tasks/quick_sum']);
  });
});
