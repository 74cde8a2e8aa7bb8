import type { UIMessageChunk } from 'ai';
import { viewFrameTitle } from '@/lib/apps/sandbox';
import { VIEW_CHANGED } from '@/lib/trust/view-pin';
import { parkViewFrame } from './early-frame';

/** GET /api/apps/ui-resource's answer: whether it succeeded, its status, and its JSON body. */
export interface ViewResourceAnswer {
  ok: boolean;
  status: number;
  body: unknown;
}

/** The host refused the view because its HTML changed since the user trusted it (409, `X_VIEW_CHANGED`). */
export function isViewChanged(answer: ViewResourceAnswer): boolean {
  const body = answer.body as { code?: unknown } | null;
  return answer.status === 409 && typeof body === 'object' && body !== null && body.code === VIEW_CHANGED;
}

/** A read started for a view that never mounted (its call was refused, the page moved on) is dropped. */
export const EARLY_READ_KEPT_MS = 30_000;
/** Tool calls whose view's read has started; bounded, as a page may run many turns. */
const CALLS_KEPT = 200;

const early = new Map<string, Promise<ViewResourceAnswer>>();
const startedFor = new Set<string>();

function urlOf(serverId: string, uri: string): string {
  return `/api/apps/ui-resource?server=${encodeURIComponent(serverId)}&uri=${encodeURIComponent(uri)}`;
}

async function read(url: string): Promise<ViewResourceAnswer> {
  const response = await fetch(url);
  return { ok: response.ok, status: response.status, body: await response.json() };
}

/**
 * Starts reading a view's HTML before its view renders: the chat's main thread may be
 * busy for tens of milliseconds between a tool call arriving and its view mounting. The server
 * checks this read as any other; the view takes it when it mounts.
 */
export function prefetchViewResource(serverId: string, uri: string): void {
  const url = urlOf(serverId, uri);
  if (early.has(url)) return;
  const reading = read(url);
  // A failure is the view's to report, when it takes the read.
  reading.catch(() => undefined);
  early.set(url, reading);
  setTimeout(() => {
    if (early.get(url) === reading) early.delete(url);
  }, EARLY_READ_KEPT_MS);
}

/** The view's HTML: the read started for it, if one waits (each is taken once); else a new read. */
export function loadViewResource(serverId: string, uri: string): Promise<ViewResourceAnswer> {
  const url = urlOf(serverId, uri);
  const waiting = early.get(url);
  if (!waiting) return read(url);
  early.delete(url);
  return waiting;
}

/** A chat stream part that starts a tool call whose tool has a view (its metadata) starts that view's read. */
export function prefetchViewOf(chunk: UIMessageChunk): void {
  if (chunk.type !== 'tool-input-start' && chunk.type !== 'tool-input-available') return;
  if (startedFor.has(chunk.toolCallId)) return;
  const meta = chunk.toolMetadata as ViewMetadata | undefined;
  const uri = meta?.ui?.resourceUri;
  if (typeof meta?.serverId !== 'string' || typeof uri !== 'string') return;
  startedFor.add(chunk.toolCallId);
  if (startedFor.size > CALLS_KEPT) {
    const oldest = startedFor.values().next().value;
    if (oldest !== undefined) startedFor.delete(oldest);
  }
  prefetchViewResource(meta.serverId, uri);
  const { frame, tool } = meta;
  const sandboxOrigin = frame?.sandboxOrigin;
  const ticket = frame?.ticket;
  if (typeof sandboxOrigin !== 'string' || typeof ticket !== 'string') return;
  const title = viewFrameTitle(tool?.title ?? tool?.name ?? chunk.toolName, meta.serverName ?? meta.serverId);
  parkViewFrame(chunk.toolCallId, { sandboxOrigin, ticket, allow: frame?.allow ?? '' }, uri, title);
}

/** What a chat stream part says of its tool's view (lib/llm/host-tools.ts); read, not trusted further. */
interface ViewMetadata {
  serverId?: unknown;
  serverName?: string;
  ui?: { resourceUri?: unknown };
  frame?: { sandboxOrigin?: unknown; allow?: string; ticket?: unknown };
  tool?: { name?: string; title?: string };
}
