import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CREDENTIAL_PATTERNS } from '../trust/credentials';
import { headerSecrets } from './custom-headers';
import { maskedTraceText, SessionTrace } from './session-trace';

const AWS_KEY = `${'AKIA'}${'Q7RZ2XN4TRACE0KY'}`;
const TOKEN = 'tok-Z8v1Q4mYtrace';

function trace(capacity = 10) {
  let now = 1_000;
  return new SessionTrace(
    () => headerSecrets({ Authorization: `Bearer ${TOKEN}` }),
    capacity,
    () => DEFAULT_CREDENTIAL_PATTERNS,
    () => now++,
  );
}

const message = (value: object) => value as JSONRPCMessage;

describe("a server's JSON-RPC trace (masked as the server log masks)", () => {
  it("every message both ways, newest last; a response is filed under its request's method", () => {
    const t = trace();
    t.record('sent', message({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }));
    t.record('received', message({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25' } }));
    t.record('sent', message({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    t.record('sent', message({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }));
    t.record('received', message({ jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'nope' } }));
    // A server's own request, answered by the host: the answer is the host's, under that method.
    t.record(
      'received',
      message({ jsonrpc: '2.0', id: 'srv-1', method: 'sampling/createMessage', params: {} }),
    );
    t.record('sent', message({ jsonrpc: '2.0', id: 'srv-1', result: {} }));
    const entries = t.entries();
    expect(entries.map((e) => [e.direction, e.kind, e.method, e.id])).toEqual([
      ['sent', 'request', 'initialize', 1],
      ['received', 'response', 'initialize', 1],
      ['sent', 'notification', 'notifications/initialized', undefined],
      ['sent', 'request', 'tools/list', 2],
      ['received', 'error', 'tools/list', 2],
      ['received', 'request', 'sampling/createMessage', 'srv-1'],
      ['sent', 'response', 'sampling/createMessage', 'srv-1'],
    ]);
    expect(entries.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(t.methods()).toEqual([
      'initialize',
      'notifications/initialized',
      'sampling/createMessage',
      'tools/list',
    ]);
    expect(t.entries('tools/list').map((e) => e.kind)).toEqual(['request', 'error']);
  });

  it("a tools/call's credentials are masked: known formats, and the server's own header secrets", () => {
    const t = trace();
    t.record(
      'sent',
      message({
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'x', arguments: { key: AWS_KEY } },
      }),
    );
    t.record(
      'received',
      message({
        jsonrpc: '2.0',
        id: 3,
        result: { content: [{ type: 'text', text: `you sent Bearer ${TOKEN}` }] },
      }),
    );
    const [call, answer] = t.entries('tools/call');
    expect(call?.text).not.toContain(AWS_KEY);
    expect(call?.text).toContain('"name":"x"');
    expect(answer?.text).not.toContain(TOKEN);
    expect(answer?.text).toContain('you sent [secret]');
  });

  it('a bounded ring: the oldest go; a long message is cut', () => {
    const t = trace(3);
    for (let id = 1; id <= 5; id++) t.record('sent', message({ jsonrpc: '2.0', id, method: 'ping' }));
    expect(t.entries().map((e) => e.id)).toEqual([3, 4, 5]);
    const long = maskedTraceText({ text: 'x'.repeat(10_000) }, [], [], 100);
    expect(long).toHaveLength(100);
    expect(long.endsWith('…')).toBe(true);
  });

  it('requests never answered do not grow without end', () => {
    const t = trace(2);
    for (let id = 0; id < 2_500; id++) t.record('sent', message({ jsonrpc: '2.0', id, method: 'ping' }));
    t.record('received', message({ jsonrpc: '2.0', id: 2_499, result: {} }));
    expect(t.entries().at(-1)?.method).toBe('ping');
  });
});
