import type { UIMessage } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findRestaurant, type Restaurant } from '../../servers/restaurant/data';
import { hostCallOf, type ReceivedCall } from '../../tests/fixtures/mcp/host-call';
import { connectedRestaurant } from '../../tests/fixtures/restaurant-registry';
import type { McpRegistry } from '../mcp/registry';
import type { DerivedOutput } from '../mcplet/derived-result';
import { fallBackForExpired } from './derived-fallback';
import { derivedLog } from './derived-log';
import { buildDerivedTool, type DerivedConfig } from './derived-tool';
import { projectToolOutput } from './model-history';

/** Every tools/call carries the conversation's SEP request annotations; none yet here. */
const NO_ANNOTATIONS = { annotations: {} };

let demo: Awaited<ReturnType<typeof connectedRestaurant>>;
let registry: McpRegistry;
const calls: ReceivedCall[] = [];
const session = { userId: 'derived-test' };
const TARGET = 'restaurant__search_restaurants';
const config: DerivedConfig = {
  allowlist: ['restaurant/search_restaurants', 'restaurant/create_reservation'],
  ratePerMinute: 100,
};

beforeAll(async () => {
  demo = await connectedRestaurant({
    onMessage(message) {
      const call = hostCallOf(message);
      if (call) calls.push(call);
    },
  });
  registry = demo.registry;
});

afterAll(() => demo.close());

beforeEach(() => {
  calls.length = 0;
});

const { description: _d, opens: _o, closes: _c, ...sakura } = findRestaurant('r-sakura') as Restaurant;
const valid = { query: { cuisine: 'japanese' }, results: [sakura], total: 1 };

let counter = 0;
async function run(
  input: Record<string, unknown>,
  options: { history?: UIMessage[]; conversation?: string; config?: DerivedConfig } = {},
) {
  const conversation = options.conversation ?? `conv-${++counter}`;
  const tools = buildDerivedTool(
    registry,
    session,
    conversation,
    options.history ?? [],
    options.config ?? config,
  );
  const execute = tools.mcplet_set_tool_result?.execute;
  if (!execute) throw new Error('the derived tool was not offered');
  const toolCallId = `call-${++counter}`;
  const outputs: DerivedOutput[] = [];
  const result = execute(input, { toolCallId, messages: [], context: {} });
  for await (const output of result as AsyncIterable<DerivedOutput>) outputs.push(output);
  return { outputs, last: outputs.at(-1) as DerivedOutput, toolCallId, conversation };
}

function searchCall(args: Record<string, unknown>, id = 'h1'): UIMessage {
  return {
    id: `m-${id}`,
    role: 'assistant',
    parts: [
      {
        type: `tool-${TARGET}`,
        toolCallId: id,
        state: 'output-available',
        input: args,
        output: { content: [] },
      } as never,
    ],
  };
}

describe('mcplet_set_tool_result through the host (10.3-10.6), against the demo server', () => {
  it('10.3: is offered only when host configuration allowlists a target', () => {
    expect(Object.keys(buildDerivedTool(registry, session, 'c', [], { ...config, allowlist: [] }))).toEqual(
      [],
    );
  });

  it('10.3: a valid result is accepted and pending without any call reaching the MCP server', async () => {
    const { last, outputs } = await run({ toolId: TARGET, result: valid, revision: 1, ttlSeconds: 5 });
    expect(outputs).toHaveLength(1);
    expect(last.derived).toMatchObject({
      toolId: TARGET,
      target: { serverId: 'restaurant', toolName: 'search_restaurants' },
      canFallBack: false,
      accepted: {
        revision: 1,
        schemaUri: 'mcplet://tool-result-schema/search_restaurants',
        result: valid,
      },
    });
    expect((last.derived.accepted?.expiresAt ?? 0) - Date.now()).toBeLessThanOrEqual(5_000);
    expect(calls).toEqual([]);
  });

  it('10.6: an invalid result makes the host call the tool for real with the given arguments', async () => {
    const { outputs, last } = await run({
      toolId: TARGET,
      result: { results: 'not a list' },
      arguments: { cuisine: 'italian' },
    });
    expect(outputs[0]?.derived.invoking?.inputSchema).toMatchObject({ type: 'object' });
    expect(last.derived.error?.code).toBe('VALIDATION_ERROR');
    expect(last.derived.fallback?.result?.structuredContent).toMatchObject({ total: 2 });
    expect(calls).toEqual([
      { name: 'search_restaurants', arguments: { cuisine: 'italian' }, _meta: NO_ANNOTATIONS },
    ]);
    const text = projectToolOutput(last)
      .map((c) => (c.type === 'text' ? c.text : ''))
      .join('\n');
    expect(text).toContain('Error (VALIDATION_ERROR)');
    expect(text).toContain('Found 2 restaurant(s)');
  });

  it("10.6: without arguments the fallback repeats the target's latest real call (minus the display-mode hint)", async () => {
    const history = [
      searchCall({ cuisine: 'french' }, 'h1'),
      searchCall({ area: 'ginza', mcplet_display_mode: 'pip' }, 'h2'),
    ];
    const { last } = await run({ toolId: TARGET, result: { nope: true } }, { history });
    expect(last.derived.fallback?.result?.structuredContent).toMatchObject({ query: { area: 'ginza' } });
    expect(calls).toEqual([
      { name: 'search_restaurants', arguments: { area: 'ginza' }, _meta: NO_ANNOTATIONS },
    ]);
  });

  it('10.6: with no arguments and no earlier call the model gets the error to correct, nothing is called', async () => {
    const { last, outputs } = await run({ toolId: TARGET, result: { nope: true } });
    expect(outputs).toHaveLength(1);
    expect(last.derived).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    expect(last.derived.fallback).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('16.1: an allowlisted action tool is refused and never called instead', async () => {
    const { last } = await run({
      toolId: 'restaurant__create_reservation',
      result: { reservationId: 'fake', reservation: {} },
      arguments: { restaurantId: 'r-sakura', date: '2030-01-01', time: '19:00', partySize: 2, name: 'X' },
    });
    expect(last.derived.error?.code).toBe('X_ACTION_TARGET');
    expect(calls).toEqual([]);
  });

  it('10.4: revisions strictly increase per target across the stored history and within a turn', async () => {
    const history: UIMessage[] = [
      {
        id: 'm-d',
        role: 'assistant',
        parts: [
          {
            type: 'tool-mcplet_set_tool_result',
            toolCallId: 'd1',
            state: 'output-available',
            input: {},
            output: { content: [], derived: { toolId: TARGET, accepted: { toolId: TARGET, revision: 3 } } },
          } as never,
        ],
      },
    ];
    const conversation = 'conv-revisions';
    const tools = buildDerivedTool(registry, session, conversation, history, config);
    const execute = tools.mcplet_set_tool_result?.execute;
    const once = async (revision: number) => {
      const outputs: DerivedOutput[] = [];
      const stream = execute?.(
        { toolId: TARGET, result: valid, revision },
        { toolCallId: `r${revision}`, messages: [], context: {} },
      );
      for await (const o of stream as AsyncIterable<DerivedOutput>) outputs.push(o);
      return outputs.at(-1)?.derived;
    };
    expect((await once(3))?.error?.code).toBe('X_REVISION_NOT_INCREASING');
    expect((await once(4))?.accepted?.revision).toBe(4);
    expect((await once(4))?.error?.code).toBe('X_REVISION_NOT_INCREASING');
  });

  it('16.5: the channel is rate limited per conversation, and a rate refusal calls nothing', async () => {
    const limited = { ...config, ratePerMinute: 2 };
    const conversation = 'conv-rate';
    await run({ toolId: TARGET, result: valid }, { conversation, config: limited });
    await run({ toolId: TARGET, result: valid }, { conversation, config: limited });
    const third = await run(
      { toolId: TARGET, result: valid, arguments: {} },
      { conversation, config: limited },
    );
    expect(third.last.derived.error?.code).toBe('RATE_LIMITED');
    expect(calls).toEqual([]);
    expect(
      (await run({ toolId: TARGET, result: valid }, { config: limited })).last.derived.accepted,
    ).toBeDefined();
  });

  it('10.6: an expired result falls back once, with the arguments the host recorded, and only if still pending', async () => {
    const { toolCallId, conversation, last } = await run({
      toolId: TARGET,
      result: valid,
      arguments: { cuisine: 'vegan' },
    });
    expect(last.derived.canFallBack).toBe(true);
    expect((await derivedLog().list(session.userId)).find((a) => a.id === toolCallId)).toMatchObject({
      outcome: 'accepted',
      state: 'pending',
    });
    expect(
      await fallBackForExpired(registry, session.userId, 'other-conversation', toolCallId),
    ).toMatchObject({
      ok: false,
      status: 409,
    });
    const first = await fallBackForExpired(registry, session.userId, conversation, toolCallId);
    expect(first).toMatchObject({
      ok: true,
      fallback: { result: { structuredContent: { query: { cuisine: 'vegan' } } } },
    });
    expect(await fallBackForExpired(registry, session.userId, conversation, toolCallId)).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(calls).toEqual([
      { name: 'search_restaurants', arguments: { cuisine: 'vegan' }, _meta: NO_ANNOTATIONS },
    ]);
    expect((await derivedLog().list(session.userId)).find((a) => a.id === toolCallId)).toMatchObject({
      state: 'expired',
      fallback: 'ok',
    });
  });

  it('10.6: a consumed result cannot expire or fall back afterwards, and the log keeps no arguments', async () => {
    const { toolCallId, conversation } = await run({
      toolId: TARGET,
      result: valid,
      arguments: { area: 'ebisu' },
    });
    expect((await derivedLog().settle(session.userId, conversation, toolCallId, 'consumed'))?.state).toBe(
      'consumed',
    );
    expect(await fallBackForExpired(registry, session.userId, conversation, toolCallId)).toMatchObject({
      status: 409,
    });
    expect(calls).toEqual([]);
    expect(JSON.stringify(await derivedLog().list(session.userId))).not.toContain('ebisu');
  });
});
