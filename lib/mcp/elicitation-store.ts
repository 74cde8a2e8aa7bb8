import 'server-only';
import { randomUUID } from 'node:crypto';
import type { ElicitResult } from '@modelcontextprotocol/client';
import type { ElicitationAsker, ElicitationPrompt, ElicitationQuestion } from '../mcplet/elicitation-schema';
import type { RedactionOptions } from '../trust/redaction';

/** The tool call an elicitation belongs to: its user and conversation own the question. */
export interface ElicitationOrigin extends ElicitationAsker {
  callId: string;
  userId: string;
  conversationId?: string;
  serverId: string;
  /** The connection's key (`connectionKey`): which of the servers of this id asked. */
  serverKey: string;
  /** The call's redaction (its turn's scrub set so far): a sampling answer is scrubbed with it too. */
  redaction?: RedactionOptions;
  /** Set when the server's view of this call asked (MCP Apps), not the server itself. */
  viewId?: string;
}

type Shown = ElicitationQuestion;

interface Entry {
  id: string;
  origin: ElicitationOrigin;
  shown: Shown;
  expiresAt: number;
  /** URL mode: the server's id, matched by `notifications/elicitation/complete`. */
  elicitationId?: string;
  settle?: (result: ElicitResult) => void;
  timer?: NodeJS.Timeout;
}

export const ELICITATION_TTL_MS = 120_000;

export type AnswerOutcome = { ok: true } | { ok: false; status: 404 | 409 | 422; reason: string };

/**
 * Pending elicitations, keyed by id and readable only by the user whose call asked. A question
 * nobody answers within its time, or whose request the server withdraws, is answered `cancel`.
 */
export class ElicitationStore {
  private readonly entries = new Map<string, Entry>();
  private readonly askListeners = new Set<(userId: string) => void>();

  /** Called with the user's id whenever a question is opened for them. */
  onAsk(listener: (userId: string) => void): () => void {
    this.askListeners.add(listener);
    return () => this.askListeners.delete(listener);
  }

  /** Opens a question and resolves with the user's answer (or `cancel` on expiry or abort). */
  ask(
    origin: ElicitationOrigin,
    shown: Shown,
    options: { ttlMs?: number; signal?: AbortSignal; elicitationId?: string } = {},
  ): { id: string; answer: Promise<ElicitResult> } {
    const id = randomUUID();
    const ttlMs = options.ttlMs ?? ELICITATION_TTL_MS;
    const answer = new Promise<ElicitResult>((resolve) => {
      const entry: Entry = {
        id,
        origin,
        shown,
        expiresAt: Date.now() + ttlMs,
        ...(options.elicitationId ? { elicitationId: options.elicitationId } : {}),
      };
      entry.settle = (result) => {
        if (entry.timer) clearTimeout(entry.timer);
        entry.settle = undefined;
        options.signal?.removeEventListener('abort', onAbort);
        resolve(result);
      };
      const onAbort = () => this.close(id, { action: 'cancel' });
      entry.timer = setTimeout(() => this.close(id, { action: 'cancel' }), ttlMs);
      entry.timer.unref?.();
      options.signal?.addEventListener('abort', onAbort, { once: true });
      this.entries.set(id, entry);
    });
    for (const listener of this.askListeners) listener(origin.userId);
    return { id, answer };
  }

  /** A note the user sees without answering (a refused URL); the server was already answered. */
  note(origin: ElicitationOrigin, message: string, note: string): string {
    const id = randomUUID();
    this.entries.set(id, {
      id,
      origin,
      shown: { mode: 'refused', message, note },
      expiresAt: Date.now() + ELICITATION_TTL_MS,
    });
    return id;
  }

  private close(id: string, result: ElicitResult) {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    entry.settle?.(result);
  }

  /** The entry for this user only: another user's question does not exist for them. */
  private mine(id: string, userId: string): Entry | undefined {
    const entry = this.entries.get(id);
    return entry && entry.origin.userId === userId ? entry : undefined;
  }

  prompts(userId: string): ElicitationPrompt[] {
    const mine = [...this.entries.values()].filter((e) => e.origin.userId === userId);
    return mine.map(
      (e): ElicitationPrompt => ({
        id: e.id,
        serverName: e.origin.serverName,
        toolName: e.origin.toolName,
        ...(e.origin.toolTitle ? { toolTitle: e.origin.toolTitle } : {}),
        expiresAt: e.expiresAt,
        ...e.shown,
      }),
    );
  }

  /** The question as asked, for the user whose call asked it. */
  shownTo(id: string, userId: string): Shown | undefined {
    return this.mine(id, userId)?.shown;
  }

  /**
   * The user's answer. URL mode: `accept` (the page was opened) answers the server and keeps the
   * entry as "waiting" until the completion notification or the end of the call.
   */
  answer(id: string, userId: string, result: ElicitResult): AnswerOutcome {
    const entry = this.mine(id, userId);
    if (!entry) return { ok: false, status: 404, reason: 'No such question is waiting for you.' };
    if (!entry.settle) {
      // Answered already (a URL being waited for, a refused note): closing it only dismisses it.
      this.entries.delete(id);
      return { ok: true };
    }
    if (entry.shown.mode === 'url' && result.action === 'accept') {
      entry.shown = { ...entry.shown, state: 'waiting' };
      entry.settle(result);
      return { ok: true };
    }
    this.close(id, result);
    return { ok: true };
  }

  /** `notifications/elicitation/complete`: the server says the out-of-band step is done. */
  complete(serverKey: string, elicitationId: string) {
    for (const entry of this.entries.values())
      if (entry.origin.serverKey === serverKey && entry.elicitationId === elicitationId)
        this.close(entry.id, { action: 'cancel' });
  }

  /** The call ended: nothing it asked can be answered any more. */
  endCall(callId: string) {
    for (const entry of this.entries.values())
      if (entry.origin.callId === callId) this.close(entry.id, { action: 'cancel' });
  }

  held(): number {
    return this.entries.size;
  }
}

const globalStore = globalThis as { __mcpletElicitations?: ElicitationStore };

export function elicitationStore(): ElicitationStore {
  globalStore.__mcpletElicitations ??= new ElicitationStore();
  return globalStore.__mcpletElicitations;
}
