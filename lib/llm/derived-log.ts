import 'server-only';

export type AttemptState = 'pending' | 'consumed' | 'expired' | 'refused';

/** One call of `mcplet_set_tool_result`, as the developer preview shows it. */
export interface DerivedAttempt {
  /** The tool call id of the attempt. */
  id: string;
  conversationId: string;
  /** The target as the model named it. */
  toolId: string;
  at: number;
  /** `accepted`, or the refusal code of 10.4. */
  outcome: string;
  message?: string;
  revision?: number;
  bytes?: number;
  expiresAt?: number;
  state: AttemptState;
  /** The backend call the host made instead (10.6): `ok` or its error code. */
  fallback?: string;
}

/** What the host keeps to make the fallback call itself; never sent to a client. */
interface Held extends DerivedAttempt {
  call?: { target: { serverId: string; toolName: string }; args?: Record<string, unknown> };
}

const KEEP = 100;
const holder = globalThis as unknown as { __mcpletDerivedLog?: Map<string, Held[]> };

function logOf(userId: string): Held[] {
  holder.__mcpletDerivedLog ??= new Map();
  let log = holder.__mcpletDerivedLog.get(userId);
  if (!log) {
    log = [];
    holder.__mcpletDerivedLog.set(userId, log);
  }
  return log;
}

export function logAttempt(userId: string, attempt: DerivedAttempt, call?: Held['call']): void {
  const log = logOf(userId);
  log.push({ ...attempt, ...(call ? { call } : {}) });
  if (log.length > KEEP) log.splice(0, log.length - KEEP);
}

/**
 * What the browser reports back: a pending result was used by a view, or expired unused. Only a
 * pending attempt moves, and only once; the report informs the preview and decides nothing else.
 */
export function settleAttempt(
  userId: string,
  conversationId: string,
  id: string,
  state: 'consumed' | 'expired',
  now = Date.now(),
): { state: AttemptState; call?: Held['call'] } | undefined {
  const attempt = logOf(userId).find((a) => a.id === id && a.conversationId === conversationId);
  if (attempt?.state !== 'pending') return undefined;
  // A result reported consumed after its TTL was not consumed in time.
  attempt.state = state === 'consumed' && (attempt.expiresAt ?? 0) < now ? 'expired' : state;
  return { state: attempt.state, call: attempt.call };
}

export function noteFallback(userId: string, id: string, outcome: string): void {
  const attempt = logOf(userId).find((a) => a.id === id);
  if (attempt) attempt.fallback = outcome;
}

/** The newest first. */
export function listAttempts(userId: string, now = Date.now()): DerivedAttempt[] {
  return logOf(userId)
    .map(({ call: _held, ...a }) =>
      a.state === 'pending' && (a.expiresAt ?? 0) <= now ? { ...a, state: 'expired' as const } : a,
    )
    .reverse();
}
