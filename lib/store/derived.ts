'use client';
import { create } from 'zustand';
import { DERIVED_METHODS, type DerivedEvent } from '../apps/derived-protocol';
import { viewToolResult } from '../apps/view-tool-result';
import { consume, expire, offer, type PendingResult, type PendingTable } from '../mcplet/derived-pending';
import type { FallbackOutcome } from '../mcplet/derived-result';

/** A view that can receive derived results for its tool; `target` is `<serverId>/<toolName>`. */
export interface ViewSink {
  viewId: string;
  target: string;
  toolName: string;
  inputSchema: Record<string, unknown>;
  mode(): string;
  deliver(event: DerivedEvent): void;
}

/** What became of one call of mcplet_set_tool_result, for its card in the chat. */
export type CallStatus =
  | { phase: 'pending' }
  | { phase: 'applied'; viewId: string }
  | { phase: 'duplicate' }
  | { phase: 'replaced' }
  | { phase: 'expired'; fallback?: 'calling' | 'shown' | 'no-view' | string }
  | { phase: 'fallback'; outcome: 'calling' | 'shown' | 'no-view' | string };

/** Where a pending result came from, by call id: the expiry report names the conversation. */
export interface PendingOrigin {
  conversationId: string;
  /** The host recorded arguments to call the target with if the result expires. */
  canFallBack: boolean;
}

interface DerivedState {
  table: PendingTable;
  origins: Record<string, PendingOrigin>;
  status: Record<string, CallStatus>;
  sinks: ViewSink[];
}

export const useDerived = create<DerivedState>(() => ({
  table: {},
  origins: {},
  status: {},
  sinks: [],
}));

const timers = new Map<string, ReturnType<typeof setTimeout>>();

function setStatus(id: string, status: CallStatus) {
  useDerived.setState((s) => ({ status: { ...s.status, [id]: status } }));
}

function sinksOf(target: string): ViewSink[] {
  return useDerived.getState().sinks.filter((s) => s.target === target);
}

/** 14.4: a fullscreen view first, then pip, then the newest inline one. */
export function preferredSink(target: string): ViewSink | undefined {
  const rank = (s: ViewSink) => (s.mode() === 'fullscreen' ? 0 : s.mode() === 'pip' ? 1 : 2);
  return sinksOf(target)
    .map((sink, order) => ({ sink, order }))
    .sort((a, b) => rank(a.sink) - rank(b.sink) || b.order - a.order)[0]?.sink;
}

function deliverPending(target: string) {
  const item = useDerived.getState().table[target];
  const sink = preferredSink(target);
  if (item?.state !== 'pending' || !sink) return;
  sink.deliver({
    method: DERIVED_METHODS.update,
    params: {
      toolId: sink.toolName,
      result: item.result,
      timestamp: item.timestamp,
      ...(item.revision !== undefined ? { revision: item.revision } : {}),
      expiresAt: new Date(item.expiresAt).toISOString(),
      source: 'model',
    },
  });
}

interface ReportAnswer {
  fallback?: FallbackOutcome;
  error?: string;
}

async function report(id: string, state: 'consumed' | 'expired'): Promise<ReportAnswer | null> {
  const conversationId = useDerived.getState().origins[id]?.conversationId;
  if (!conversationId) return null;
  const response = await fetch(`/api/derived/${encodeURIComponent(id)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ conversationId, state }),
  });
  const body = (await response.json().catch(() => ({}))) as ReportAnswer;
  return response.ok ? body : { error: body.error ?? `HTTP ${response.status}` };
}

/** 10.6: an expired result is discarded and announced, and the host calls the tool for real instead. */
async function onExpired(item: PendingResult) {
  for (const sink of sinksOf(item.toolId)) {
    sink.deliver({
      method: DERIVED_METHODS.expired,
      params: { toolId: sink.toolName, expirationTime: new Date(item.expiresAt).toISOString() },
    });
  }
  const canFallBack = useDerived.getState().origins[item.id]?.canFallBack === true;
  setStatus(item.id, { phase: 'expired', ...(canFallBack ? { fallback: 'calling' } : {}) });
  if (canFallBack) announceInvoking(item.toolId);
  const answer = await report(item.id, 'expired').catch(
    (): ReportAnswer => ({ error: 'the host could not be reached' }),
  );
  if (answer?.fallback) {
    setStatus(item.id, { phase: 'expired', fallback: deliverBackend(item.toolId, answer.fallback) });
  } else {
    setStatus(item.id, { phase: 'expired', fallback: answer?.error ?? 'no fallback' });
  }
}

function schedule(item: PendingResult) {
  clearTimeout(timers.get(item.toolId));
  timers.set(
    item.toolId,
    setTimeout(
      () => {
        const swept = expire(useDerived.getState().table, Date.now());
        useDerived.setState({ table: swept.table });
        for (const expired of swept.expired) void onExpired(expired);
      },
      Math.max(0, item.expiresAt - Date.now()) + 5,
    ),
  );
}

/** 10.6: holds a validated derived result for its target and hands it to a view of that tool. */
export function offerDerived(item: Omit<PendingResult, 'state'>, origin: PendingOrigin) {
  const before = useDerived.getState().table[item.toolId];
  const outcome = offer(useDerived.getState().table, item, Date.now());
  if (!outcome.accepted) {
    setStatus(item.id, outcome.reason === 'duplicate' ? { phase: 'duplicate' } : { phase: 'expired' });
    return;
  }
  // A newer result for the same target supersedes one no view has used yet.
  if (before?.state === 'pending') setStatus(before.id, { phase: 'replaced' });
  useDerived.setState((s) => ({ table: outcome.table, origins: { ...s.origins, [item.id]: origin } }));
  setStatus(item.id, { phase: 'pending' });
  schedule(outcome.table[item.toolId] as PendingResult);
  deliverPending(item.toolId);
}

/** A view said it applied the update: the result is used up (consume-once). */
export function markConsumed(target: string, viewId: string) {
  const taken = consume(useDerived.getState().table, target, Date.now());
  useDerived.setState({ table: taken.table });
  if (!taken.taken) return;
  clearTimeout(timers.get(target));
  performance.mark(`mcplet:derived-applied:${taken.taken.id}`);
  setStatus(taken.taken.id, { phase: 'applied', viewId });
  void report(taken.taken.id, 'consumed').catch(() => {});
}

/** 10.8 tool-invoking: the target is being executed for real. */
export function announceInvoking(target: string) {
  for (const sink of sinksOf(target)) {
    sink.deliver({
      method: DERIVED_METHODS.invoking,
      params: { toolId: sink.toolName, inputSchema: sink.inputSchema },
    });
  }
}

/** 10.7: tells a view its tool failed; MCP `isError` decided it, the code comes from the envelope. */
export function sendToolError(sink: ViewSink, error: string, code: string) {
  sink.deliver({ method: DERIVED_METHODS.error, params: { toolId: sink.toolName, error, code } });
}

function errorText(result: FallbackOutcome['result']): string {
  const text = (result?.content ?? []).map((c) => (c.type === 'text' ? c.text : '')).join(' ');
  return text.trim() || 'The tool failed.';
}

/**
 * A backend result that replaces a refused or expired derived one: an update for the preferred view,
 * or tool-error when the call failed. Answers what became of it, for the card.
 */
export function deliverBackend(target: string, fallback: FallbackOutcome): 'shown' | 'no-view' | string {
  const sink = preferredSink(target);
  const failed = fallback.error ?? (fallback.result?.isError ? { code: 'UNKNOWN_ERROR', message: '' } : null);
  if (failed) {
    const code = fallback.error?.code ?? 'UNKNOWN_ERROR';
    if (sink) sendToolError(sink, fallback.error?.message || errorText(fallback.result), code);
    return code;
  }
  const structured = fallback.result && viewToolResult(fallback.result).structuredContent;
  if (!sink || !structured) return 'no-view';
  sink.deliver({
    method: DERIVED_METHODS.update,
    params: {
      toolId: sink.toolName,
      result: structured,
      timestamp: new Date().toISOString(),
      source: 'backend',
    },
  });
  return 'shown';
}

export function addSink(sink: ViewSink) {
  useDerived.setState((s) => ({ sinks: [...s.sinks.filter((x) => x.viewId !== sink.viewId), sink] }));
  deliverPending(sink.target);
}

export function removeSink(viewId: string) {
  useDerived.setState((s) => ({ sinks: s.sinks.filter((x) => x.viewId !== viewId) }));
}
