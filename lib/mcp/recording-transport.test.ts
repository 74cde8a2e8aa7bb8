import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { RecordingTransport } from './recording-transport';

/** A transport that keeps what is sent and lets the test answer. */
function fakeInner() {
  const sent: JSONRPCMessage[] = [];
  const inner: Transport = {
    start: async () => {},
    close: async () => {},
    send: async (message) => {
      sent.push(message);
    },
  };
  return { inner, sent, answer: (message: JSONRPCMessage) => inner.onmessage?.(message) };
}

const call = (id: number, args: object, _meta?: object): JSONRPCMessage =>
  ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 't', arguments: args, ...(_meta ? { _meta } : {}) },
  }) as JSONRPCMessage;
const result = (id: number, text: string): JSONRPCMessage =>
  ({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text }] } }) as JSONRPCMessage;

describe('a call as it crossed the wire', () => {
  it('is paired by its arguments object, whatever params object the client sends (2026-07-28 adds its envelope)', async () => {
    const { inner, answer } = fakeInner();
    const recording = new RecordingTransport(inner);
    const received: JSONRPCMessage[] = [];
    recording.onmessage = (message) => received.push(message);
    const args = { q: 1 };
    const watching = recording.watch(args);
    await recording.send(call(1, args, { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' }));
    answer(result(1, 'one'));
    expect(watching.exchange).toEqual({
      request: call(1, args, { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' }),
      response: result(1, 'one'),
    });
    expect(received).toEqual([result(1, 'one')]);
  });

  it('two calls with the very same arguments object are paired one each', async () => {
    const { inner, answer } = fakeInner();
    const recording = new RecordingTransport(inner);
    const args = { q: 1 };
    const first = recording.watch(args);
    const second = recording.watch(args);
    await recording.send(call(1, args));
    await recording.send(call(2, args));
    answer(result(2, 'two'));
    answer(result(1, 'one'));
    expect(first.exchange.response).toEqual(result(1, 'one'));
    expect(second.exchange.response).toEqual(result(2, 'two'));
  });

  it('a call made again after its answer (input_required) is recorded as its last round', async () => {
    const { inner, answer } = fakeInner();
    const recording = new RecordingTransport(inner);
    const args = { q: 1 };
    const watching = recording.watch(args);
    await recording.send(call(1, args));
    answer(result(1, 'asked'));
    await recording.send(call(2, args));
    answer(result(2, 'done'));
    expect(watching.exchange.response).toEqual(result(2, 'done'));
    watching.done();
    await recording.send(call(3, args));
    answer(result(3, 'unwatched'));
    expect(watching.exchange.response).toEqual(result(2, 'done'));
  });
});
