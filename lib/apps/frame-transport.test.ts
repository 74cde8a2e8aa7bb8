import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FrameTransport } from './frame-transport';

const SANDBOX = 'http://s1.sandbox.localhost:3000';
const frameWindow = { name: 'the view frame' };
const otherWindow = { name: 'another frame' };

function post(data: unknown, source: object = frameWindow, origin = SANDBOX) {
  window.dispatchEvent(Object.assign(new Event('message'), { data, source, origin }));
}

const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };

describe('FrameTransport (view isolation: one frame, one origin, MCP messages only)', () => {
  beforeEach(() => {
    vi.stubGlobal('window', new EventTarget());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function open() {
    const rejected: unknown[] = [];
    const transport = new FrameTransport(
      () => frameWindow as unknown as Window,
      SANDBOX,
      (data) => rejected.push(data),
    );
    const received: JSONRPCMessage[] = [];
    transport.onmessage = (message) => received.push(message);
    return { transport, received, rejected };
  }

  it('holds what the frame sends before the bridge connects, and delivers it at start', async () => {
    const { transport, received } = open();
    post(ping);
    expect(received).toEqual([]);
    await transport.start();
    expect(received).toEqual([ping]);
    post({ jsonrpc: '2.0', method: 'ui/notifications/initialized' });
    expect(received).toHaveLength(2);
    await transport.close();
  });

  it('ignores messages from another window or another origin, however JSON-RPC they look', async () => {
    const { transport, received, rejected } = open();
    await transport.start();
    post(ping, otherWindow);
    post(ping, frameWindow, 'http://localhost:3000');
    expect(received).toEqual([]);
    expect(rejected).toEqual([]);
    await transport.close();
  });

  it('passes nothing that is not an MCP message to the bridge, held or live', async () => {
    const { transport, received, rejected } = open();
    post({ hello: 'view' });
    await transport.start();
    post('{"jsonrpc":"2.0","id":1,"method":"ping"}');
    expect(received).toEqual([]);
    expect(rejected).toEqual([{ hello: 'view' }, '{"jsonrpc":"2.0","id":1,"method":"ping"}']);
    await transport.close();
  });

  it('stops listening when closed', async () => {
    const { transport, received } = open();
    await transport.start();
    await transport.close();
    post(ping);
    expect(received).toEqual([]);
  });
});
