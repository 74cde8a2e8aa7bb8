'use client';
import { create } from 'zustand';
import type { Gate } from '../mcplet/gates';
import type { ApprovalScopeKind } from '../trust/approval-rules';

/** What the browser shows of a gate ticket the server opened. */
export interface GatePrompt {
  id: string;
  /** `command` for the user's own request to run a program (a stdio server); else a tool call. */
  kind?: string;
  gate: Gate;
  serverName: string;
  toolName: string;
  toolTitle?: string;
  args: Record<string, unknown>;
  /** On review gates: the tool's input schema, for the labels and descriptions of the editable summary. */
  inputSchema?: Record<string, unknown>;
  promptMessage?: string;
  /** On command gates: the exact program and arguments, environment names and working directory. */
  command?: { argv: string[]; envKeys: string[]; cwd?: string };
  /** On confirmations that may be remembered: the scopes offered besides "allow once". */
  remember?: { scopes: ApprovalScopeKind[] };
  /** Why the SEP trust rules ask, naming what data from where may leave. */
  trustReasons?: Array<{ rule: string; text: string }>;
  expiresAt: number;
}

export interface GateAnswer {
  approved: boolean;
  reason?: 'cancelled' | 'expired' | 'webauthn-unavailable' | 'ceremony-failed' | 'fido2-unavailable';
  assertion?: unknown;
  /** Review gates: the arguments as the user edited them; the server validates them again. */
  args?: Record<string, unknown>;
  /** Remember this approval in one of the offered scopes; the server builds the rule from its ticket. */
  remember?: ApprovalScopeKind;
}

interface Queued {
  prompt: GatePrompt;
  /** Why the last answer was refused (an edit that failed the input schema); the dialog shows it. */
  error?: string;
  /**
   * The answer came too late for the call: it was lost with the server instance that ran its turn.
   * The dialog says so in the server's words and only closes; nothing is asked.
   */
  ended?: string;
  resolve: (answer: GateAnswer) => void;
}

interface GateState {
  queue: Queued[];
  asked: Set<string>;
  /**
   * Shows the host-drawn gate and resolves with the user's answer; asking twice for one id is a
   * no-op, except to ask again with the reason the server refused the last answer.
   */
  ask(prompt: GatePrompt, error?: string): Promise<GateAnswer>;
  /** Shows, in the gate's dialog, why the call the user just answered was not sent; resolves when closed. */
  tell(prompt: GatePrompt, ended: string): Promise<void>;
  answer(id: string, answer: GateAnswer): void;
}

export const useGates = create<GateState>((set, get) => ({
  queue: [],
  asked: new Set(),
  ask(prompt, error) {
    if (get().asked.has(prompt.id) && error === undefined)
      return Promise.resolve({ approved: false, reason: 'cancelled' });
    return new Promise<GateAnswer>((resolve) => {
      const asked = new Set(get().asked).add(prompt.id);
      const item: Queued = { prompt, resolve, ...(error ? { error } : {}) };
      const others = get().queue.filter((q) => q.prompt.id !== prompt.id);
      // First come, first shown: a newer ticket never replaces the dialog the user is reading. Only
      // a re-ask of the answer just refused goes first, since it is the one the user was answering.
      set({ queue: error === undefined ? [...others, item] : [item, ...others], asked });
    });
  },
  tell(prompt, ended) {
    return new Promise<void>((resolve) => {
      const others = get().queue.filter((q) => q.prompt.id !== prompt.id);
      // It follows the answer the user just gave, so it comes first, like a re-ask.
      set({ queue: [{ prompt, ended, resolve: () => resolve() }, ...others] });
    });
  },
  answer(id, answer) {
    const item = get().queue.find((q) => q.prompt.id === id);
    set({ queue: get().queue.filter((q) => q.prompt.id !== id) });
    item?.resolve(answer);
  },
}));

/** Sends the answer to the server, which checks it against the ticket it issued. */
export async function submitGateAnswer(
  id: string,
  answer: GateAnswer,
): Promise<{ ok: boolean; result?: unknown; error?: string; retry?: boolean; lost?: boolean }> {
  try {
    const response = await fetch(`/api/gates/${encodeURIComponent(id)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(answer),
    });
    const body = (await response.json()) as {
      result?: unknown;
      error?: string;
      retry?: boolean;
      lost?: boolean;
    };
    if (response.ok) return { ok: true, result: body.result };
    return {
      ok: false,
      error: body.error ?? `HTTP ${response.status}`,
      retry: body.retry === true,
      ...(body.lost === true ? { lost: true } : {}),
    };
  } catch {
    return { ok: false, error: 'The host could not be reached.' };
  }
}

/**
 * The one browser round trip for a gate: ask the user, send the answer, and, when the server
 * refuses an edited answer (it failed the input schema), ask again showing why, with the edit kept.
 */
export async function askGate(
  prompt: GatePrompt,
  onAnswer?: (answer: GateAnswer) => void,
): Promise<{ ok: boolean; result?: unknown; error?: string }> {
  // A second ask for the same ticket (a re-render) must not answer it on the user's behalf.
  if (useGates.getState().asked.has(prompt.id))
    return { ok: false, error: 'This request was already asked.' };
  let current = prompt;
  let error: string | undefined;
  for (;;) {
    const answer = await useGates.getState().ask(current, error);
    onAnswer?.(answer);
    const answered = await submitGateAnswer(prompt.id, answer);
    // The call was lost with the server instance that ran its turn: the dialog says so, not a bare failure.
    if (answered.lost) void useGates.getState().tell(current, answered.error ?? 'Nothing was sent.');
    if (answered.ok || !answered.retry || !answer.approved) return answered;
    error = answered.error;
    if (answer.args) current = { ...current, args: answer.args };
  }
}
