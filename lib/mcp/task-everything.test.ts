import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindingOf, mintPass } from '../gates/pass';
import type { CallProgress } from './call-progress';
import { dispatch } from './dispatch';
import { McpRegistry } from './registry';

// MCP 2025-11-25 tasks against the reference server (server-everything, v1 SDK): its
// `simulate-research-query` declares taskSupport "required" and the server tasks for tools/call.
describe('MCP tasks with @modelcontextprotocol/server-everything', () => {
  let registry: McpRegistry;
  beforeAll(async () => {
    registry = new McpRegistry(new Set());
    await registry
      .start({
        id: 'everything',
        name: 'Everything',
        transport: {
          type: 'stdio',
          command: [
            process.execPath,
            'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
            'stdio',
          ],
        },
        admission: 'annotations',
        source: 'user',
        ownerId: 'alice',
      })
      .connect();
  }, 30_000);
  afterAll(async () => {
    await registry.closeAll();
  });

  it('tasks: simulate-research-query is admitted as runnable and its report comes back through tasks/result', async () => {
    const tool = registry.tool('everything', 'simulate-research-query', { userId: 'alice' });
    expect(tool?.task).toEqual({ support: 'required', runnable: true });
    const seen: CallProgress[] = [];
    const args = { topic: 'tasks' };
    // Under annotations it is an action (readOnlyHint false): the user's confirmation is the pass.
    const pass = mintPass({
      gate: 'confirm',
      serverId: 'everything',
      toolName: 'simulate-research-query',
      binding: bindingOf('everything', 'simulate-research-query', args),
      via: 'answer',
    });
    const result = await dispatch(registry, {
      serverId: 'everything',
      toolName: 'simulate-research-query',
      args,
      pass,
      surface: { kind: 'model' },
      session: { userId: 'alice' },
      onProgress: (p) => seen.push(p),
    });
    expect(result.task?.status).toBe('completed');
    expect(JSON.stringify(result.envelope)).toContain('Research Report');
    expect(seen.some((p) => p.task?.status === 'working')).toBe(true);
  }, 30_000);
});
