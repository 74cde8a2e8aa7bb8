import 'server-only';
import { setCapped } from '../capped-map';
import { PartUnavailableError } from '../http/host-errors';
import { log } from '../log/logger';
import { within, worthRetrying } from './reply-save';

/**
 * Replies the database did not take within the turn's bound (reply-save.ts), kept so they can still
 * be stored: retried in the background at a slow pace, or at once when the user asks (Retry saving,
 * POST /api/chat/[id]/reply-save), until stored or dropped.
 *
 * They wait in the memory of the instance that ran the turn, not in Redis: a reply is scrubbed and
 * its sensitive parts sealed only as it is written to the database (sealed-parts.ts), and the host
 * keeps no conversation content in its shared short-lived state. So a retry that reaches another
 * instance, or comes after a restart or after the reply was dropped, is told the reply is no longer
 * held, and the user copies it.
 */
export interface ReplyOwner {
  userId: string;
  conversationId: string;
  messageId: string;
}

export interface HeldRepliesOptions {
  /** How long a reply is held before it is dropped unsaved. */
  keepMs?: number;
  /** How often the held replies are tried again in the background. */
  everyMs?: number;
  /** At most this many are held; the oldest goes first. */
  max?: number;
  now?: () => number;
}

export const HELD_REPLY_KEEP_MS = 15 * 60_000;
const BACKGROUND_EVERY_MS = 60_000;
const MAX_HELD = 200;
/** A held reply's attempt that has not answered by then counts as the database being unreachable. */
const ATTEMPT_LIMIT_MS = 10_000;

interface HeldReply {
  owner: ReplyOwner;
  save: () => Promise<void>;
  heldAt: number;
  /** The attempt under way, shared by whoever asks meanwhile. */
  attempt: Promise<AttemptResult> | null;
}

type AttemptResult = 'saved' | 'unreachable' | 'failed';

export type RetryAnswer = { status: 'saved' } | { status: 'not-held' } | { status: 'failed' };

function keyOf(owner: ReplyOwner): string {
  return `${owner.userId}\u0000${owner.conversationId}\u0000${owner.messageId}`;
}

export class HeldReplies {
  private readonly held = new Map<string, HeldReply>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly keepMs: number;
  private readonly everyMs: number;
  private readonly max: number;
  private readonly now: () => number;

  constructor(options: HeldRepliesOptions = {}) {
    this.keepMs = options.keepMs ?? HELD_REPLY_KEEP_MS;
    this.everyMs = options.everyMs ?? BACKGROUND_EVERY_MS;
    this.max = options.max ?? MAX_HELD;
    this.now = options.now ?? (() => Date.now());
  }

  get size(): number {
    return this.held.size;
  }

  has(owner: ReplyOwner): boolean {
    return this.held.has(keyOf(owner));
  }

  /** Holds a reply whose `save` (safe to run again) the database did not take. */
  hold(owner: ReplyOwner, save: () => Promise<void>): void {
    setCapped(this.held, keyOf(owner), { owner, save, heldAt: this.now(), attempt: null }, this.max);
    this.schedule();
  }

  /**
   * The user's Retry saving: one attempt now. An unreachable database throws PartUnavailableError
   * (503; the reply stays held); another error drops the reply, which would fail the same way again.
   */
  async retry(owner: ReplyOwner): Promise<RetryAnswer> {
    const entry = this.live(keyOf(owner));
    if (!entry) return { status: 'not-held' };
    const result = await this.attempt(entry);
    if (result === 'unreachable') throw new PartUnavailableError('database');
    return { status: result };
  }

  /**
   * Stores the conversation's held replies before a new turn stores anything in it, so they keep
   * their place before the next message (and a regenerate replaces what is really there). Null when
   * none is held, as almost always. Rejects with PartUnavailableError while the database is
   * unreachable: the turn cannot be stored either.
   */
  saveBefore(userId: string, conversationId: string): Promise<void> | null {
    if (this.held.size === 0) return null;
    const entries = [...this.held.entries()]
      .filter(([, e]) => e.owner.userId === userId && e.owner.conversationId === conversationId)
      .flatMap(([key]) => this.live(key) ?? []);
    if (entries.length === 0) return null;
    return (async () => {
      for (const entry of entries) {
        if ((await this.attempt(entry)) === 'unreachable') throw new PartUnavailableError('database');
      }
    })();
  }

  /** Forgets every held reply and stops the background retries (tests). */
  clear(): void {
    this.held.clear();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private live(key: string): HeldReply | undefined {
    const entry = this.held.get(key);
    if (entry && this.now() - entry.heldAt > this.keepMs) {
      this.drop(key, entry, 'it was held for the longest time a reply is kept');
      return undefined;
    }
    return entry;
  }

  private attempt(entry: HeldReply): Promise<AttemptResult> {
    entry.attempt ??= within(entry.save(), ATTEMPT_LIMIT_MS)
      .then(
        (): AttemptResult => {
          this.forget(entry);
          return 'saved';
        },
        (error: unknown): AttemptResult => {
          if (worthRetrying(error)) return 'unreachable';
          const message = error instanceof Error ? error.message : String(error);
          this.drop(keyOf(entry.owner), entry, `saving it failed: ${message}`);
          return 'failed';
        },
      )
      .finally(() => {
        entry.attempt = null;
      });
    return entry.attempt;
  }

  private forget(entry: HeldReply): void {
    const key = keyOf(entry.owner);
    if (this.held.get(key) === entry) this.held.delete(key);
  }

  private drop(key: string, entry: HeldReply, why: string): void {
    if (this.held.get(key) !== entry) return;
    this.held.delete(key);
    // Ids only: the reply's text was never scrubbed for a log.
    log('error', '[chat] a reply that could not be saved was dropped:', {
      conversationId: entry.owner.conversationId,
      messageId: entry.owner.messageId,
      why,
    });
  }

  /** One background round while anything is held; the next is planned once this one has ended. */
  private schedule(): void {
    if (this.timer || this.held.size === 0) return;
    this.timer = setTimeout(() => {
      void this.round().finally(() => {
        this.timer = null;
        this.schedule();
      });
    }, this.everyMs);
    this.timer.unref?.();
  }

  private async round(): Promise<void> {
    for (const key of [...this.held.keys()]) {
      const entry = this.live(key);
      // One at a time: a database that just came back gets one save after another, not all at once.
      if (entry) await this.attempt(entry);
    }
  }
}

const holder = globalThis as unknown as { __mcpletHeldReplies?: HeldReplies };

/** The held replies of this process. */
export function heldReplies(): HeldReplies {
  holder.__mcpletHeldReplies ??= new HeldReplies();
  return holder.__mcpletHeldReplies;
}
