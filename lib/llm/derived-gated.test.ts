import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectedGated } from '../../tests/fixtures/mcp/gated-server';
import type { McpRegistry } from '../mcp/registry';
import type { DerivedOutput } from '../mcplet/derived-result';
import { fallBackForExpired } from './derived-fallback';
import { buildDerivedTool } from './derived-tool';

let gated: Awaited<ReturnType<typeof connectedGated>>;
let registry: McpRegistry;
const session = { userId: 'derived-gated' };
const TARGET = 'gated__find_notes';

beforeAll(async () => {
  gated = await connectedGated();
  registry = gated.registry;
});

afterAll(() => gated.close());

beforeEach(() => {
  gated.received.length = 0;
});

let counter = 0;
async function run(input: Record<string, unknown>) {
  const conversation = `conv-${++counter}`;
  const tools = buildDerivedTool(registry, session, conversation, [], {
    allowlist: ['gated/find_notes'],
    ratePerMinute: 100,
  });
  const execute = tools.mcplet_set_tool_result?.execute;
  if (!execute) throw new Error('the derived tool was not offered');
  const toolCallId = `call-${counter}`;
  const outputs: DerivedOutput[] = [];
  for await (const output of execute(input, {
    toolCallId,
    messages: [],
    context: {},
  }) as AsyncIterable<DerivedOutput>)
    outputs.push(output);
  return { last: outputs.at(-1) as DerivedOutput, toolCallId, conversation };
}

describe('10.6 / 4: a derived-result fallback never calls a confirm-gated tool around its gate', () => {
  it('an invalid result does not make the host call the gated target without a confirmation', async () => {
    const { last } = await run({ toolId: TARGET, result: { notes: 3 }, arguments: { query: 'x' } });
    expect(last.derived.fallback).toMatchObject({ error: { code: 'AUTH_REQUIRED' } });
    expect(gated.received).toEqual([]);
  });

  it('an expired result does not make the host call the gated target without a confirmation', async () => {
    const { last, toolCallId, conversation } = await run({
      toolId: TARGET,
      result: { notes: ['mine'] },
      arguments: { query: 'x' },
    });
    expect(last.derived.accepted).toBeDefined();
    const expired = await fallBackForExpired(registry, session.userId, conversation, toolCallId);
    expect(expired).toMatchObject({ ok: true, fallback: { error: { code: 'AUTH_REQUIRED' } } });
    expect(gated.received).toEqual([]);
  });
});
