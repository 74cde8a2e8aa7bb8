import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { isJsonRpcMessage } from './json-rpc-message';

/**
 * postMessage transport between the host page and one sandbox proxy frame. A message is
 * accepted only when it comes from that frame's window and from the sandbox origin; anything else,
 * however JSON-RPC it looks, is ignored. Messages go out to the sandbox origin only, never `*`.
 */
export class FrameTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private started = false;
  private readonly early: JSONRPCMessage[] = [];
  private listener = (event: MessageEvent) => {
    if (event.source !== this.frame() || event.origin !== this.origin) return;
    const message: unknown = event.data;
    if (!isJsonRpcMessage(message)) {
      this.onRejected?.(message);
      return;
    }
    if (this.started) this.onmessage?.(message);
    else this.early.push(message);
  };

  /** Listens at once, so nothing the proxy sends before the bridge connects is lost. */
  constructor(
    private readonly frame: () => Window | null,
    readonly origin: string,
    private readonly onRejected?: (data: unknown) => void,
  ) {
    window.addEventListener('message', this.listener);
  }

  async start() {
    this.started = true;
    for (const message of this.early.splice(0)) this.onmessage?.(message);
  }

  async send(message: JSONRPCMessage) {
    const target = this.frame();
    if (!target) throw new Error('the view frame is gone');
    target.postMessage(message, this.origin);
  }

  async close() {
    window.removeEventListener('message', this.listener);
    this.onclose?.();
  }
}
