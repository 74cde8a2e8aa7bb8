'use client';
import { create } from 'zustand';

/** What the browser shows of a gate ticket the server opened. */
export interface GatePrompt {
  id: string;
  /** `command` for the user's own request to run a program (a stdio server); else a tool call. */
  kind?: string;
  gate: string;
  serverName: string;
  toolName: string;
  toolTitle?: string;
  args: Record<string, unknown>;
  promptMessage?: string;
  /** On command gates: the exact program and arguments, environment names and working directory. */
  command?: { argv: string[]; envKeys: string[]; cwd?: string };
  expiresAt: number;
}

export interface GateAnswer {
  approved: boolean;
  reason?: 'cancelled' | 'expired' | 'webauthn-unavailable' | 'ceremony-failed' | 'fido2-unavailable';
  assertion?: unknown;
}

interface Queued {
  prompt: GatePrompt;
  resolve: (answer: GateAnswer) => void;
}

interface GateState {
  queue: Queued[];
  asked: Set<string>;
  /** Shows the host-drawn gate and resolves with the user's answer; asking twice for one id is a no-op. */
  ask(prompt: GatePrompt): Promise<GateAnswer>;
  answer(id: string, answer: GateAnswer): void;
}

export const useGates = create<GateState>((set, get) => ({
  queue: [],
  asked: new Set(),
  ask(prompt) {
    if (get().asked.has(prompt.id)) return Promise.resolve({ approved: false, reason: 'cancelled' });
    return new Promise<GateAnswer>((resolve) => {
      const asked = new Set(get().asked).add(prompt.id);
      set({ queue: [...get().queue, { prompt, resolve }], asked });
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
): Promise<{ ok: boolean; result?: unknown; error?: string }> {
  try {
    const response = await fetch(`/api/gates/${encodeURIComponent(id)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(answer),
    });
    const body = (await response.json()) as { result?: unknown; error?: string };
    return response.ok
      ? { ok: true, result: body.result }
      : { ok: false, error: body.error ?? `HTTP ${response.status}` };
  } catch {
    return { ok: false, error: 'The host could not be reached.' };
  }
}
