import 'server-only';

/**
 * The model's tool calls running in this process, so the user can cancel one alone (Cancel on its
 * card) without stopping the reply. Each call's signal also follows its turn's, so Stop cancels every
 * call of the turn. A Cancel that reaches another instance of a deployment goes through the turn
 * relay to the instance running the turn (turn-relay.ts).
 */
const holder = globalThis as unknown as { __mcpletRunningCalls?: Map<string, AbortController> };
holder.__mcpletRunningCalls ??= new Map();
const calls = holder.__mcpletRunningCalls;

function keyOf(userId: string, conversationId: string, toolCallId: string): string {
  return `${userId}\u0000${conversationId}\u0000${toolCallId}`;
}

export class CallCancelledError extends Error {
  constructor() {
    super('The user cancelled this call.');
    this.name = 'CallCancelledError';
  }
}

/** Registers a call as running; `done()` forgets it (always call it: a finished call cannot be cancelled). */
export function runningCall(
  userId: string,
  conversationId: string,
  toolCallId: string,
  turn?: AbortSignal,
): { signal: AbortSignal; done(): void } {
  const key = keyOf(userId, conversationId, toolCallId);
  const own = new AbortController();
  calls.set(key, own);
  return {
    signal: turn ? AbortSignal.any([own.signal, turn]) : own.signal,
    done() {
      if (calls.get(key) === own) calls.delete(key);
    },
  };
}

/** Cancels one running call of the user's conversation here; false when none runs here by that id. */
export function cancelRunningCall(userId: string, conversationId: string, toolCallId: string): boolean {
  const own = calls.get(keyOf(userId, conversationId, toolCallId));
  if (!own) return false;
  own.abort(new CallCancelledError());
  return true;
}
