import { describe, expect, it } from 'vitest';
import { admitTool } from './admission';
import { offerToModel } from './offer';
import { decide } from './policy';
import {
  callsAsTask,
  isTerminal,
  pollDelay,
  readTaskSupport,
  serverRunsToolTasks,
  taskUnrunnable,
  toolTask,
} from './tasks';
import type { McpletTool } from './types';

const session = { userId: 'local' };
const base: McpletTool = {
  serverId: 'reports',
  name: 'compile',
  description: '',
  inputSchema: { type: 'object' },
  mcpletType: 'read',
  visibility: ['model', 'app'],
  admittedBy: 'mcplet',
  warnings: [],
};
const t = (over: Partial<McpletTool>): McpletTool => ({ ...base, ...over });
const TASKS_FOR_CALLS = { tasks: { requests: { tools: { call: {} } } } };

describe('MCP 2025-11-25 tools: execution.taskSupport', () => {
  it('tasks: the three declared words are read; anything else, or nothing, is forbidden', () => {
    expect(readTaskSupport({ taskSupport: 'required' })).toBe('required');
    expect(readTaskSupport({ taskSupport: 'optional' })).toBe('optional');
    expect(readTaskSupport({ taskSupport: 'forbidden' })).toBe('forbidden');
    expect(readTaskSupport(undefined)).toBe('forbidden');
    expect(readTaskSupport({ taskSupport: 'REQUIRED' })).toBe('forbidden');
    expect(readTaskSupport(['required'])).toBe('forbidden');
  });

  it('tasks: a forbidden tool has no task declaration; others carry whether their server runs tasks', () => {
    expect(toolTask({ taskSupport: 'forbidden' }, true)).toBeUndefined();
    expect(toolTask({ taskSupport: 'optional' }, false)).toEqual({ support: 'optional', runnable: false });
    expect(toolTask({ taskSupport: 'required' }, true)).toEqual({ support: 'required', runnable: true });
  });
});

describe('MCP 2025-11-25 tasks capability: tasks.requests.tools.call', () => {
  it('tasks: a 2025-era server runs tool calls as tasks only when it declares tasks.requests.tools.call', () => {
    expect(serverRunsToolTasks(TASKS_FOR_CALLS, false)).toBe(true);
    expect(serverRunsToolTasks({ tasks: { list: {}, cancel: {} } }, false)).toBe(false);
    expect(serverRunsToolTasks({ tasks: { requests: { sampling: { createMessage: {} } } } }, false)).toBe(
      false,
    );
    expect(serverRunsToolTasks({ tools: {} }, false)).toBe(false);
    expect(serverRunsToolTasks(undefined, false)).toBe(false);
  });

  it('tasks: on a 2026-07-28 session tasks are an extension (SEP-2663) the host does not speak: none run', () => {
    expect(serverRunsToolTasks(TASKS_FOR_CALLS, true)).toBe(false);
  });
});

describe('tasks: offer and decide', () => {
  const required = (runnable: boolean) => t({ task: { support: 'required', runnable } });
  const optional = (runnable: boolean) => t({ task: { support: 'optional', runnable } });

  it('tasks: a required tool on a server that runs tasks is offered, called, and called as a task', () => {
    expect(decide(required(true), { kind: 'model' }, {}, session)).toMatchObject({ allow: true });
    expect(callsAsTask(required(true))).toBe(true);
  });

  it('tasks: a required tool on a server without tasks is refused with TASK_UNSUPPORTED on every surface', () => {
    for (const surface of [{ kind: 'model' as const }, { kind: 'app' as const, serverId: 'reports' }]) {
      expect(decide(required(false), surface, {}, session)).toMatchObject({
        allow: false,
        code: 'TASK_UNSUPPORTED',
      });
    }
    expect(taskUnrunnable(required(false))).toBe(true);
  });

  it('tasks: 8.2 the model is not offered a required tool its server cannot run as a task', () => {
    const offered = offerToModel(
      [
        { modelName: 'a', tool: required(false), surface: { kind: 'model' as const } },
        { modelName: 'b', tool: required(true), surface: { kind: 'model' as const } },
        { modelName: 'c', tool: optional(false), surface: { kind: 'model' as const } },
        { modelName: 'd', tool: t({}), surface: { kind: 'model' as const } },
      ],
      session,
    );
    expect(offered.map((c) => c.modelName)).toEqual(['b', 'c', 'd']);
  });

  it('tasks: an optional tool runs as a task only when its server runs tasks, else as a plain call', () => {
    expect(decide(optional(false), { kind: 'model' }, {}, session)).toMatchObject({ allow: true });
    expect(callsAsTask(optional(true))).toBe(true);
    expect(callsAsTask(optional(false))).toBe(false);
    expect(callsAsTask(t({}))).toBe(false);
  });

  it('tasks: an unknown tool is still NOT_ADMITTED first, and a changed one TOOL_CHANGED', () => {
    expect(decide(undefined, { kind: 'model' }, {}, session)).toMatchObject({ code: 'NOT_ADMITTED' });
    expect(
      decide(
        t({ pin: 'changed', task: { support: 'required', runnable: false } }),
        { kind: 'model' },
        {},
        session,
      ),
    ).toMatchObject({
      code: 'TOOL_CHANGED',
    });
  });
});

describe('tasks: admission reads execution.taskSupport with the server capability', () => {
  const raw = {
    name: 'compile',
    description: 'Compiles.',
    inputSchema: { type: 'object' },
    execution: { taskSupport: 'required' },
    _meta: { mcpletType: 'read', visibility: ['model'] },
  };

  it('tasks: admitted with its task declaration; warned when its server cannot run it', () => {
    const on = admitTool(raw, { serverId: 's', mode: 'strict', tasks: true });
    expect(on.status === 'admitted' && on.tool.task).toEqual({ support: 'required', runnable: true });
    const off = admitTool(raw, { serverId: 's', mode: 'strict' });
    expect(off.status === 'admitted' && off.tool.task).toEqual({ support: 'required', runnable: false });
    expect(off.status === 'admitted' && off.tool.warnings.some((w) => w.includes('not offered'))).toBe(true);
  });
});

describe('MCP 2025-11-25 tasks: polling', () => {
  it('tasks: the server pollInterval is honoured within 100 ms to 60 s; absent or odd, a second', () => {
    expect(pollDelay(300)).toBe(300);
    expect(pollDelay(5)).toBe(100);
    expect(pollDelay(10 * 60_000)).toBe(60_000);
    expect(pollDelay(undefined)).toBe(1_000);
    expect(pollDelay(Number.NaN)).toBe(1_000);
    expect(pollDelay(-1)).toBe(1_000);
  });

  it('tasks: completed, failed and cancelled are terminal; working and input_required are not', () => {
    for (const s of ['completed', 'failed', 'cancelled'] as const) expect(isTerminal(s)).toBe(true);
    expect(isTerminal('working')).toBe(false);
    expect(isTerminal('input_required')).toBe(false);
  });
});
