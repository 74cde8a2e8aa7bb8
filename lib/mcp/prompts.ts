import 'server-only';
import type { Client } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { type PromptInfo, readPromptList } from '../mcplet/prompts';
import { outsideAnyCall } from './elicitation-scope';
import { listStale } from './list-freshness';
import { safeErrorText } from './wire-errors';

/** Pages of `prompts/list` read at most: a server whose cursor never ends is cut off here. */
const MAX_PAGES = 50;

/**
 * The SDK's own prompts/list schema refuses the whole answer over one malformed prompt, and drops
 * an argument's `title` (MCP 2025-11-25 BaseMetadata); this one keeps every entry for the host's
 * lenient reading (lib/mcplet/prompts.ts).
 */
const LenientListPrompts = z.looseObject({
  prompts: z.array(z.unknown()),
  nextCursor: z.string().optional(),
  ttlMs: z.number().optional().catch(undefined),
});

/** Every page of a server's `prompts/list` (MCP pagination: `nextCursor` until there is none). */
export async function listPrompts(
  client: Client,
  timeoutMs: number,
): Promise<{ entries: unknown[]; ttlMs?: number; truncated: boolean }> {
  const entries: unknown[] = [];
  let cursor: string | undefined;
  let ttlMs: number | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await client.request(
      { method: 'prompts/list', params: cursor ? { cursor } : {} },
      LenientListPrompts,
      { timeout: timeoutMs },
    );
    entries.push(...result.prompts);
    // SEP-2549: the list stays fresh as long as its shortest-lived page says.
    ttlMs =
      page === 0
        ? result.ttlMs
        : ttlMs === undefined || result.ttlMs === undefined
          ? undefined
          : Math.min(ttlMs, result.ttlMs);
    cursor = result.nextCursor;
    if (!cursor)
      return ttlMs === undefined ? { entries, truncated: false } : { entries, ttlMs, truncated: false };
  }
  return ttlMs === undefined ? { entries, truncated: true } : { entries, ttlMs, truncated: true };
}

type Note = (level: 'info' | 'warn' | 'error', message: string) => void;

/**
 * One server's prompts, kept on its connection (connection.ts): listed when it connects, again on
 * `notifications/prompts/list_changed` (a 2025-era server's session stream, or the
 * `subscriptions/listen` stream a 2026-07-28 server sends it on: change-listener.ts), and again in
 * the background when a 2026-07-28 list says it is no longer fresh (SEP-2549). A server that does not
 * declare the `prompts` capability has none and is not asked. A listing that fails keeps the last
 * list and says why; it never fails the connection.
 */
export class PromptList {
  items: readonly PromptInfo[] = [];
  /** Why the last listing failed, for the `/` menu; null after one that worked. */
  error: string | null = null;
  /** Whether the server agreed to send prompt changes on an open subscriptions/listen stream. */
  listening = false;
  private listedAt = 0;
  private ttlMs: number | undefined;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly note: Note,
    private readonly timeoutMs: number,
  ) {}

  /** Lists the server's prompts now (never throws; a failure is noted and kept in `error`). */
  refresh(client: Client): Promise<void> {
    this.running ??= this.list(client).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async list(client: Client): Promise<void> {
    if (!client.getServerCapabilities()?.prompts) {
      this.items = [];
      this.error = null;
      this.listedAt = 0;
      return;
    }
    try {
      const listed = await outsideAnyCall(() => listPrompts(client, this.timeoutMs));
      const { prompts, skipped } = readPromptList(listed.entries);
      this.items = prompts;
      this.error = null;
      this.listedAt = Date.now();
      this.ttlMs = listed.ttlMs;
      if (skipped > 0) this.note('warn', `prompts/list: ${skipped} prompt(s) without a usable name left out`);
      if (listed.truncated)
        this.note('warn', `prompts/list: more than ${MAX_PAGES} pages; the rest left out`);
    } catch (error) {
      this.error = `its prompts could not be listed: ${safeErrorText(error)}`;
      this.note('warn', `prompts/list failed: ${safeErrorText(error)}`);
    }
  }

  /**
   * Lists again shortly (a burst of change notifications is one listing); after a listing under way,
   * which may have been answered before the change.
   */
  refreshSoon(client: Client): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void (this.running ?? Promise.resolve()).then(() => this.refresh(client));
    }, 50);
    this.timer.unref?.();
  }

  /** The prompts as last listed; a stale 2026-07-28 list is listed again in the background. */
  read(client: Client | undefined, modern: boolean): readonly PromptInfo[] {
    if (
      client &&
      !this.timer &&
      !this.running &&
      listStale({ listedAt: this.listedAt, ttlMs: this.ttlMs }, Date.now(), {
        modern,
        listening: this.listening,
      })
    )
      this.refreshSoon(client);
    return this.items;
  }

  /** The connection closed for good: nothing more is listed. */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
