import 'server-only';
import type { Client } from '@modelcontextprotocol/client';
import { outsideAnyCall } from './elicitation-scope';
import { safeErrorText } from './wire-errors';

/** The list changes the host asks a server for: those whose `listChanged` it declared. */
export interface ChangeFilter {
  toolsListChanged?: true;
  promptsListChanged?: true;
  resourcesListChanged?: true;
}

/** Which of them the server agreed to send on the open stream (all false while none is open). */
export interface Honored {
  tools: boolean;
  prompts: boolean;
  resources: boolean;
}

const NONE: Honored = { tools: false, prompts: false, resources: false };

/** What the listener tells the connection it serves. */
export interface ChangeListenerHooks {
  /** Whether the connection that opened the client still holds it; the loop ends when not. */
  current(): boolean;
  /** A stream was opened again after a drop: a change may have been missed meanwhile. */
  reopened(): void;
  /** Which changes the server agreed to send on the open stream. */
  listening(honored: Honored): void;
  note(level: 'info' | 'warn', message: string): void;
}

function words(filter: ChangeFilter): string {
  const kinds = [
    filter.toolsListChanged ? 'tool' : null,
    filter.promptsListChanged ? 'prompt' : null,
    filter.resourcesListChanged ? 'resource' : null,
  ].filter((kind) => kind !== null);
  return `${kinds.join(' and ')} changes`;
}

/**
 * On the 2026-07-28 revision a server's change notifications arrive only on a `subscriptions/listen`
 * stream the client opens (a 2025-era server sends them on its session's own stream). The stream
 * asks for the changes in `filter`; the notifications reach the client's handlers
 * (`notifications/tools/list_changed`, `notifications/prompts/list_changed`). It is opened again
 * with backoff when it drops; it ends with the connection, or when the server ends it on purpose.
 */
export async function listenForChanges(
  client: Client,
  filter: ChangeFilter,
  hooks: ChangeListenerHooks,
): Promise<void> {
  const what = words(filter);
  for (let dropped = 0; hooks.current(); ) {
    let reason: string;
    try {
      const subscription = await outsideAnyCall(() => client.listen(filter));
      if (!hooks.current()) {
        await subscription.close();
        return;
      }
      if (dropped > 0) hooks.reopened();
      hooks.note('info', `listening for ${what} (subscriptions/listen)`);
      hooks.listening({
        tools: subscription.honoredFilter.toolsListChanged === true,
        prompts: subscription.honoredFilter.promptsListChanged === true,
        resources: subscription.honoredFilter.resourcesListChanged === true,
      });
      reason = await subscription.closed;
      hooks.listening(NONE);
    } catch (error) {
      if (!hooks.current()) return;
      hooks.note('warn', `could not listen for ${what}: ${safeErrorText(error)}`);
      reason = 'remote';
    }
    // Ended here or by the server on purpose: nothing to open again.
    if (reason !== 'remote') return;
    dropped++;
    await new Promise((resolve) => setTimeout(resolve, Math.min(30_000, 500 * 2 ** Math.min(dropped, 6))));
  }
}
