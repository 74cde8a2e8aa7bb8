import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';

export interface Exchange {
  request: JSONRPCMessage;
  response?: JSONRPCMessage;
}

type Id = string | number;

function idOf(message: JSONRPCMessage): Id | undefined {
  return 'id' in message ? (message.id as Id) : undefined;
}

/**
 * Wraps a transport so the developer preview can show the raw JSON-RPC of a call. A caller
 * registers the params object it is about to send; the first request carrying that exact object
 * is paired with the response that has the same id.
 */
export class RecordingTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  private readonly watched = new WeakMap<object, Exchange>();
  private readonly open = new Map<Id, Exchange>();

  constructor(readonly inner: Transport) {
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message, extra) => {
      const id = idOf(message);
      if (id !== undefined && !('method' in message)) {
        const exchange = this.open.get(id);
        if (exchange) {
          exchange.response = message;
          this.open.delete(id);
        }
      }
      this.onmessage?.(message, extra);
    };
  }

  get sessionId() {
    return this.inner.sessionId;
  }

  setProtocolVersion(version: string) {
    this.inner.setProtocolVersion?.(version);
  }

  /** Returns the exchange record that fills in when `params` is sent and answered. */
  watch(params: object): Exchange {
    const exchange = { request: { jsonrpc: '2.0', method: 'pending', id: -1 } } as Exchange;
    this.watched.set(params, exchange);
    return exchange;
  }

  start() {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions) {
    if ('method' in message && 'params' in message && message.params && typeof message.params === 'object') {
      const exchange = this.watched.get(message.params);
      const id = idOf(message);
      if (exchange && id !== undefined) {
        exchange.request = message;
        this.open.set(id, exchange);
        this.watched.delete(message.params);
      }
    }
    return this.inner.send(message, options);
  }

  close() {
    this.open.clear();
    return this.inner.close();
  }
}
