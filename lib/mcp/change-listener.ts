import 'server-only';
import type { Client } from '@modelcontextprotocol/client';
import { outsideAnyCall } from './elicitation-scope';
import { safeErrorText } from './wire-errors';

/** What the listener tells the connection it serves. */
export interface ChangeListenerHooks {
  /** Whether the connection that opened the client still holds it; the loop ends when not. */
  current(): boolean;
  /** A stream was opened again after a drop: a change may have been missed meanwhile. */
  reopened(): void;
  /** Whether the server agreed to send tool changes on the open stream. */
  listening(on: boolean): void;
  note(level: 'info' | 'warn', message: string): void;
}

/**
 * On the 2026-07-28 revision a server's change notifications arrive only on a `subscriptions/listen`
 * stream the client opens (a 2025-era server sends them on its session's own stream). The stream
 * is opened again with backoff when it drops; it ends with the connection, or when the server ends
 * it on purpose.
 */
export async function listenForToolChanges(client: Client, hooks: ChangeListenerHooks): Promise<void> {
  for (let dropped = 0; hooks.current(); ) {
    let reason: string;
    try {
      const subscription = await outsideAnyCall(() => client.listen({ toolsListChanged: true }));
      if (!hooks.current()) {
        await subscription.close();
        return;
      }
      if (dropped > 0) hooks.reopened();
      hooks.note('info', 'listening for tool changes (subscriptions/listen)');
      hooks.listening(subscription.honoredFilter.toolsListChanged === true);
      reason = await subscription.closed;
      hooks.listening(false);
    } catch (error) {
      if (!hooks.current()) return;
      hooks.note('warn', `could not listen for tool changes: ${safeErrorText(error)}`);
      reason = 'remote';
    }
    // Ended here or by the server on purpose: nothing to open again.
    if (reason !== 'remote') return;
    dropped++;
    await new Promise((resolve) => setTimeout(resolve, Math.min(30_000, 500 * 2 ** Math.min(dropped, 6))));
  }
}
