import 'server-only';
import type { Client } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { outsideAnyCall } from './elicitation-scope';
import { listStale } from './list-freshness';
import { safeErrorText } from './wire-errors';

/** Pages of a list read at most: a server whose cursor never ends is cut off here. */
export const MAX_PAGES = 50;

/**
 * The SDK's own list schemas refuse the whole answer over one malformed entry; this one keeps every
 * entry (under `key`) for the host's lenient reading (lib/mcplet/prompts.ts, lib/mcplet/resources.ts).
 */
function lenientPage(key: string) {
  return z.looseObject({
    [key]: z.array(z.unknown()),
    nextCursor: z.string().optional(),
    ttlMs: z.number().optional().catch(undefined),
  });
}

/** Every page of a server's list `method` (MCP pagination: `nextCursor` until there is none). */
export async function listPages(
  client: Client,
  method: 'prompts/list' | 'resources/list' | 'resources/templates/list',
  key: string,
  timeoutMs: number,
): Promise<{ entries: unknown[]; ttlMs?: number; truncated: boolean }> {
  const schema = lenientPage(key);
  const entries: unknown[] = [];
  let cursor: string | undefined;
  let ttlMs: number | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await client.request({ method, params: cursor ? { cursor } : {} }, schema, {
      timeout: timeoutMs,
    });
    const listed = result[key];
    entries.push(...(Array.isArray(listed) ? listed : []));
    // SEP-2549: the list stays fresh as long as its shortest-lived page says.
    const pageTtl = typeof result.ttlMs === 'number' ? result.ttlMs : undefined;
    ttlMs =
      page === 0
        ? pageTtl
        : ttlMs === undefined || pageTtl === undefined
          ? undefined
          : Math.min(ttlMs, pageTtl);
    cursor = typeof result.nextCursor === 'string' ? result.nextCursor : undefined;
    if (!cursor)
      return ttlMs === undefined ? { entries, truncated: false } : { entries, ttlMs, truncated: false };
  }
  return ttlMs === undefined ? { entries, truncated: true } : { entries, ttlMs, truncated: true };
}

export type Note = (level: 'info' | 'warn' | 'error', message: string) => void;

/** How one kind of server list is asked for and read. */
export interface FeatureSource<T> {
  /** In the notes and the error: "prompts", "resources". */
  what: string;
  /** The list's method and what one entry is called, for the notes ("prompts/list", "prompt"). */
  method: string;
  noun: string;
  /** Whether the server declared the capability that offers the list. */
  declared(client: Client): boolean;
  /** Every page, read leniently: the entries kept and how many were skipped. */
  list(
    client: Client,
    timeoutMs: number,
  ): Promise<{ items: T[]; skipped: number; ttlMs?: number; truncated: boolean }>;
}

/**
 * One server's list of a feature (prompts, resources), kept on its connection (connection.ts): listed
 * when it connects, again on the feature's `list_changed` notification (a 2025-era server's session
 * stream, or the `subscriptions/listen` stream a 2026-07-28 server sends it on: change-listener.ts),
 * and again in the background when a 2026-07-28 list says it is no longer fresh (SEP-2549). A server
 * that does not declare the capability has none and is not asked. A listing that fails keeps the last
 * list and says why; it never fails the connection.
 */
export class FeatureList<T> {
  items: readonly T[] = [];
  /** Why the last listing failed, for the composer's menus; null after one that worked. */
  error: string | null = null;
  /** Whether the server agreed to send this list's changes on an open subscriptions/listen stream. */
  listening = false;
  private listedAt = 0;
  private ttlMs: number | undefined;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly source: FeatureSource<T>,
    private readonly note: Note,
    private readonly timeoutMs: number,
  ) {}

  /** Lists now (never throws; a failure is noted and kept in `error`). */
  refresh(client: Client): Promise<void> {
    this.running ??= this.list(client).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async list(client: Client): Promise<void> {
    const { what, method, noun } = this.source;
    if (!this.source.declared(client)) {
      this.items = [];
      this.error = null;
      this.listedAt = 0;
      return;
    }
    try {
      const listed = await outsideAnyCall(() => this.source.list(client, this.timeoutMs));
      this.items = listed.items;
      this.error = null;
      this.listedAt = Date.now();
      this.ttlMs = listed.ttlMs;
      if (listed.skipped > 0)
        this.note('warn', `${method}: ${listed.skipped} ${noun}(s) without a usable name left out`);
      if (listed.truncated) this.note('warn', `${method}: more than ${MAX_PAGES} pages; the rest left out`);
    } catch (error) {
      this.error = `its ${what} could not be listed: ${safeErrorText(error)}`;
      this.note('warn', `${method} failed: ${safeErrorText(error)}`);
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

  /** The list as last read; a stale 2026-07-28 list is listed again in the background. */
  read(client: Client | undefined, modern: boolean): readonly T[] {
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
