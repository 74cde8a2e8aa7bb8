import type {
  JSONRPCMessage,
  MessageExtraInfo,
  Transport,
  TransportSendOptions,
} from '@modelcontextprotocol/client';
import { readableForClient } from './extension-content';

export interface Exchange {
  request: JSONRPCMessage;
  /** The server's answer as it came over the wire (before the SDK's client read it). */
  response?: JSONRPCMessage;
}

type Id = string | number;

function idOf(message: JSONRPCMessage): Id | undefined {
  return 'id' in message ? (message.id as Id) : undefined;
}

function isCallOf(message: JSONRPCMessage, key: object): boolean {
  if (!('method' in message) || message.method !== 'tools/call') return false;
  const params = message.params as { arguments?: unknown } | undefined;
  return params?.arguments === key;
}

/**
 * Wraps a transport so the host sees a tool call's JSON-RPC as it crossed the wire: the developer
 * preview shows it, and the host reads the result from it (a `secret_reference` item, which the
 * SDK's client refuses, arrives this way; extension-content.ts).
 *
 * A caller registers the arguments object of the call it is about to make; every `tools/call`
 * request carrying that exact object is paired with the response of the same id. The arguments,
 * not the params: on a 2026-07-28 connection the client sends a copy of the params with its
 * envelope in `_meta`, and calls again with `inputResponses` when the server asks for input; the
 * exchange is the last round's.
 */
export class RecordingTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  /** Calls being watched; `inFlight` while one of its rounds awaits its answer (one round at a time). */
  private readonly watched = new Set<{ key: object; exchange: Exchange; inFlight: boolean }>();
  private readonly open = new Map<Id, { exchange: Exchange; inFlight: boolean }>();

  constructor(
    readonly inner: Transport,
    /** Sees every message both ways as it crossed the wire: the server's session trace (session-trace.ts). */
    private readonly tap?: (direction: 'sent' | 'received', message: JSONRPCMessage) => void,
  ) {
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message, extra) => {
      this.tap?.('received', message);
      const id = idOf(message);
      if (id !== undefined && !('method' in message)) {
        const entry = this.open.get(id);
        if (entry) {
          entry.exchange.response = message;
          entry.inFlight = false;
          this.open.delete(id);
          this.onmessage?.(readableForClient(message), extra);
          return;
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

  setSupportedProtocolVersions(versions: string[]) {
    this.inner.setSupportedProtocolVersions?.(versions);
  }

  /** On a 2026-07-28 connection the client cancels by closing a request's own stream, when there is one. */
  get hasPerRequestStream() {
    return this.inner.hasPerRequestStream;
  }

  /**
   * Returns the exchange record that fills in when a call with `args` (the very object) is sent and
   * answered; `done` stops watching once the call has settled.
   */
  watch(args: object): { exchange: Exchange; done(): void } {
    const entry = {
      key: args,
      exchange: { request: { jsonrpc: '2.0', method: 'pending', id: -1 } } as Exchange,
      inFlight: false,
    };
    this.watched.add(entry);
    return { exchange: entry.exchange, done: () => this.watched.delete(entry) };
  }

  start() {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions) {
    this.tap?.('sent', message);
    const id = idOf(message);
    if (id !== undefined)
      // Two calls with the very same arguments object are paired one each, in the order sent.
      for (const entry of this.watched)
        if (!entry.inFlight && isCallOf(message, entry.key)) {
          entry.exchange.request = message;
          delete entry.exchange.response;
          entry.inFlight = true;
          this.open.set(id, entry);
          break;
        }
    return this.inner.send(message, options);
  }

  close() {
    this.open.clear();
    this.watched.clear();
    return this.inner.close();
  }
}
