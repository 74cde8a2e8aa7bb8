import { type ToolExecutionOptions, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { holdToolsUntil, TURN_NOT_CONFIRMED } from './held-tools';

const options = { toolCallId: 'c1', messages: [] } as unknown as ToolExecutionOptions<Record<string, never>>;

function counted() {
  const calls: unknown[] = [];
  const tools = {
    act: tool({
      description: 'an action',
      inputSchema: z.object({ n: z.number() }),
      execute: async (input) => {
        calls.push(input);
        return 'done';
      },
    }),
    plan: tool({ description: 'no execute', inputSchema: z.object({}) }),
  };
  return { calls, tools };
}

describe('tools of a turn that runs before its conversation is confirmed', () => {
  it('wait for the confirmation, then run as they are', async () => {
    const { calls, tools } = counted();
    let confirm!: (ok: boolean) => void;
    const held = holdToolsUntil(tools, new Promise((resolve) => (confirm = resolve)));
    const running = held.act?.execute?.({ n: 1 }, options);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toEqual([]);
    confirm(true);
    await expect(running).resolves.toBe('done');
    expect(calls).toEqual([{ n: 1 }]);
  });

  it('never run when the conversation is refused', async () => {
    const { calls, tools } = counted();
    const held = holdToolsUntil(tools, Promise.resolve(false));
    await expect(held.act?.execute?.({ n: 2 }, options)).rejects.toThrow(TURN_NOT_CONFIRMED);
    expect(calls).toEqual([]);
  });

  it('keep everything else of each tool, and tools without execute as they are', () => {
    const { tools } = counted();
    const held = holdToolsUntil(tools, Promise.resolve(true));
    expect(Object.keys(held)).toEqual(['act', 'plan']);
    expect(held.act?.description).toBe('an action');
    expect(held.act?.inputSchema).toBe(tools.act.inputSchema);
    expect(held.plan).toBe(tools.plan);
  });

  it('keep an async generator a generator: each value it yields still reaches the SDK', async () => {
    const started: string[] = [];
    const tools = {
      gated: tool({
        description: 'waits at a gate, then answers',
        inputSchema: z.object({}),
        async *execute() {
          started.push('run');
          yield 'waiting';
          yield 'result';
        },
      }),
    };
    let confirm!: (ok: boolean) => void;
    const held = holdToolsUntil(tools, new Promise((resolve) => (confirm = resolve)));
    const result = held.gated?.execute?.({}, options);
    expect(result && typeof result === 'object' && Symbol.asyncIterator in result).toBe(true);
    const yielded: unknown[] = [];
    const reading = (async () => {
      for await (const value of result as AsyncIterable<unknown>) yielded.push(value);
    })();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(started).toEqual([]);
    confirm(true);
    await reading;
    expect(yielded).toEqual(['waiting', 'result']);
  });

  it('leave getters unread (a host tool builds its metadata only when a call needs it)', () => {
    let reads = 0;
    const lazy = {
      ...tool({ description: 'lazy', inputSchema: z.object({}), execute: async () => 'x' }),
      get metadata() {
        reads++;
        return { built: true };
      },
    };
    const held = holdToolsUntil({ lazy }, Promise.resolve(true));
    expect(reads).toBe(0);
    expect((held.lazy as { metadata?: unknown }).metadata).toEqual({ built: true });
    expect(reads).toBe(1);
  });
});
