import { JSONRPCMessageSchema } from '@modelcontextprotocol/core';
import { describe, expect, it } from 'vitest';
import { isJsonRpcMessage } from './json-rpc-message';

const TASK = 'io.modelcontextprotocol/related-task';

const accepted: unknown[] = [
  { jsonrpc: '2.0', id: 1, method: 'ping' },
  { jsonrpc: '2.0', id: 'a', method: 'ui/initialize', params: { protocolVersion: '2026-01-26', x: [1] } },
  { jsonrpc: '2.0', id: 0, method: 'tools/call', params: { _meta: { progressToken: 'p', other: 1 } } },
  { jsonrpc: '2.0', id: -7, method: 'm', params: { _meta: { progressToken: 3, [TASK]: { taskId: 't' } } } },
  { jsonrpc: '2.0', id: 1, method: 'm', params: undefined },
  { jsonrpc: '2.0', method: 'ui/notifications/initialized' },
  { jsonrpc: '2.0', method: 'n', params: { _meta: {} } },
  { jsonrpc: '2.0', id: 1, result: {} },
  { jsonrpc: '2.0', id: 's', result: { content: [], _meta: { progressToken: 1 } } },
  { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'no' } },
  { jsonrpc: '2.0', error: { code: 1, message: 'no', data: { any: 'thing' } } },
  { jsonrpc: '2.0', id: 2, error: { code: 1, message: 'no', extra: true } },
];

const rejected: unknown[] = [
  null,
  undefined,
  'text',
  '{"jsonrpc":"2.0","id":1,"method":"ping"}',
  [],
  [{ jsonrpc: '2.0', id: 1, method: 'ping' }],
  { hello: 'view' },
  { jsonrpc: '1.0', id: 1, method: 'ping' },
  { jsonrpc: 2, id: 1, method: 'ping' },
  { id: 1, method: 'ping' },
  { jsonrpc: '2.0', id: 1.5, method: 'ping' },
  { jsonrpc: '2.0', id: Number.NaN, method: 'ping' },
  { jsonrpc: '2.0', id: Number.POSITIVE_INFINITY, method: 'ping' },
  { jsonrpc: '2.0', id: 2 ** 60, method: 'ping' },
  { jsonrpc: '2.0', id: null, method: 'ping' },
  { jsonrpc: '2.0', id: undefined, method: 'ping' },
  { jsonrpc: '2.0', id: {}, method: 'ping' },
  { jsonrpc: '2.0', id: true, method: 'ping' },
  { jsonrpc: '2.0', id: 1, method: 7 },
  { jsonrpc: '2.0', id: 1, method: 'ping', extra: 1 },
  { jsonrpc: '2.0', method: 'n', extra: 1 },
  { jsonrpc: '2.0', id: 1, method: 'm', params: [] },
  { jsonrpc: '2.0', id: 1, method: 'm', params: null },
  { jsonrpc: '2.0', id: 1, method: 'm', params: 'p' },
  { jsonrpc: '2.0', id: 1, method: 'm', params: { _meta: 'x' } },
  { jsonrpc: '2.0', id: 1, method: 'm', params: { _meta: null } },
  { jsonrpc: '2.0', id: 1, method: 'm', params: { _meta: [] } },
  { jsonrpc: '2.0', id: 1, method: 'm', params: { _meta: { progressToken: 1.5 } } },
  { jsonrpc: '2.0', id: 1, method: 'm', params: { _meta: { progressToken: null } } },
  { jsonrpc: '2.0', id: 1, method: 'm', params: { _meta: { [TASK]: { taskId: 1 } } } },
  { jsonrpc: '2.0', id: 1, method: 'm', params: { _meta: { [TASK]: 'task' } } },
  { jsonrpc: '2.0', method: 'n', params: { _meta: { progressToken: {} } } },
  { jsonrpc: '2.0', id: 1, method: 'm', result: {} },
  { jsonrpc: '2.0', result: {} },
  { jsonrpc: '2.0', id: null, result: {} },
  { jsonrpc: '2.0', id: 1, result: [] },
  { jsonrpc: '2.0', id: 1, result: null },
  { jsonrpc: '2.0', id: 1, result: 'ok' },
  { jsonrpc: '2.0', id: 1, result: { _meta: 1 } },
  { jsonrpc: '2.0', id: 1, result: {}, extra: 1 },
  { jsonrpc: '2.0', id: 1, result: {}, error: { code: 1, message: 'm' } },
  { jsonrpc: '2.0', id: null, error: { code: 1, message: 'no' } },
  { jsonrpc: '2.0', id: 1, error: { code: 1.5, message: 'no' } },
  { jsonrpc: '2.0', id: 1, error: { code: '1', message: 'no' } },
  { jsonrpc: '2.0', id: 1, error: { code: 1 } },
  { jsonrpc: '2.0', id: 1, error: 'no' },
  { jsonrpc: '2.0', id: 1, error: [] },
  { jsonrpc: '2.0', id: 1, error: { code: 1, message: 'no' }, extra: 1 },
  { jsonrpc: '2.0', id: 1 },
  { jsonrpc: '2.0' },
];

/** Small random JSON-RPC-like values: each member drawn from values that pass and values that do not. */
function randomMessage(next: () => number): Record<string, unknown> {
  const pick = <T>(options: readonly T[]): T => options[Math.floor(next() * options.length)] as T;
  const scalars = [undefined, null, 0, 1, -1, 1.5, 2 ** 60, Number.NaN, '', 's', true, [], {}, [1]];
  const meta = () =>
    pick([
      undefined,
      null,
      'x',
      {},
      { progressToken: pick(scalars) },
      { [TASK]: pick([...scalars, { taskId: pick(scalars) }]) },
    ]);
  const message: Record<string, unknown> = {};
  const members: Array<[string, () => unknown]> = [
    ['jsonrpc', () => pick(['2.0', '2.0', '2.0', '1.0', 2])],
    ['id', () => pick(scalars)],
    ['method', () => pick(['ping', 'ping', 7, null])],
    ['params', () => pick([...scalars, { _meta: meta() }, { a: 1 }])],
    ['result', () => pick([...scalars, { _meta: meta() }, { a: 1 }])],
    [
      'error',
      () =>
        pick([
          ...scalars,
          { code: pick(scalars), message: pick(scalars) },
          { code: 3, message: 'm', data: 1 },
        ]),
    ],
    ['extra', () => 1],
  ];
  for (const [key, value] of members)
    if (next() < (key === 'jsonrpc' ? 0.95 : key === 'extra' ? 0.05 : 0.4)) message[key] = value();
  return message;
}

describe('isJsonRpcMessage: the SDK’s JSONRPCMessageSchema, by hand (view isolation: MCP messages only from a view)', () => {
  it.each(accepted.map((m) => [JSON.stringify(m) ?? String(m), m]))('accepts %s', (_, message) => {
    expect(JSONRPCMessageSchema.safeParse(message).success).toBe(true);
    expect(isJsonRpcMessage(message)).toBe(true);
  });

  it.each(rejected.map((m) => [JSON.stringify(m) ?? String(m), m]))('rejects %s', (_, message) => {
    expect(JSONRPCMessageSchema.safeParse(message).success).toBe(false);
    expect(isJsonRpcMessage(message)).toBe(false);
  });

  it('agrees with the schema on 20,000 random JSON-RPC-like values', () => {
    let seed = 42;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    let passed = 0;
    for (let i = 0; i < 20_000; i++) {
      const message = randomMessage(next);
      const expected = JSONRPCMessageSchema.safeParse(message).success;
      if (isJsonRpcMessage(message) !== expected) expect({ message, expected }).toBeUndefined();
      if (expected) passed++;
    }
    // Both sides of the rule are exercised.
    expect(passed).toBeGreaterThan(300);
    expect(passed).toBeLessThan(19_000);
  });
});
