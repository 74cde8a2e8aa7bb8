import {
  readResultTrust,
  readToolTrust,
  type SensitivityClass,
  type TrustDeclaration,
} from './trust-annotations';

/**
 * A conversation's trust state (an "agent session" in the SEP's terms), kept by the SEP's
 * propagation rules: open-world is a boolean union that never goes back to false, attribution and
 * the sensitivity classes seen are unions, and a `maliciousActivityHint` on a result stays pending
 * until the next action-like call has been decided. Immutable and plain JSON, so it can be stored.
 */
export interface TrustState {
  version: 1;
  openWorld: boolean;
  /** Union of every attribution seen, sorted. */
  attribution: string[];
  /** Union of the sensitivity classes seen (never `none`), sorted. */
  sensitivity: SensitivityClass[];
  /** The tools (`server/tool`) whose results brought open-world or sensitive data, sorted. */
  origins: string[];
  /** A result flagged malicious activity; the next action-like call needs a confirmation. */
  malicious: { origin: string } | null;
  /**
   * What each tool's results brought, one entry per tool, sorted: so that a reason names the result
   * that caused it, and attribution goes in full only to the server that gave it. A state stored
   * before this was kept has none (its attribution is then treated as another server's).
   */
  sources: TrustSource[];
}

/** What the results of one tool (`server/tool`) brought into a conversation. */
export interface TrustSource {
  origin: string;
  serverId: string;
  openWorld: boolean;
  sensitivity: SensitivityClass[];
  attribution: string[];
}

export const EMPTY_TRUST_STATE: TrustState = Object.freeze({
  version: 1,
  openWorld: false,
  attribution: [],
  sensitivity: [],
  origins: [],
  malicious: null,
  sources: [],
}) as TrustState;

/** Which tool produced a result, for the reasons a dialog shows when attribution is empty. */
export interface ResultOrigin {
  serverId: string;
  toolName: string;
}

export function originKey(origin: ResultOrigin): string {
  return `${origin.serverId}/${origin.toolName}`;
}

function union<T extends string>(a: readonly T[], b: readonly T[]): T[] {
  return [...new Set([...a, ...b])].sort();
}

/** What one result contributes, from the tool's declaration (possible sets) and the result's own. */
export interface ResultTrust {
  openWorld: boolean;
  malicious: boolean;
  attribution: string[];
  sensitivity: SensitivityClass[];
  /** `returnMetadata.source` names `untrustedPublic` (tool or result). */
  untrustedPublic: boolean;
}

/**
 * The conservative reading of one result: a mark on either the tool or the result counts (a hint
 * only adds; a result's `false` never clears the tool's `true`). A tool's `maliciousActivityHint`
 * in `tools/list` says only that the hint may be set, so only the result's own counts for it.
 * `returnMetadata.source: untrustedPublic` is open-world data (SEP: response-level `openWorldHint`
 * "contains data from untrusted sources").
 */
export function resultTrust(tool: TrustDeclaration, result: TrustDeclaration): ResultTrust {
  const sources = union(tool.returnMetadata?.source ?? [], result.returnMetadata?.source ?? []);
  const untrustedPublic = sources.includes('untrustedPublic');
  return {
    openWorld: tool.openWorldHint === true || result.openWorldHint === true || untrustedPublic,
    malicious: result.maliciousActivityHint === true,
    attribution: union(tool.attribution, result.attribution),
    sensitivity: union(
      tool.returnMetadata?.sensitivity ?? [],
      result.returnMetadata?.sensitivity ?? [],
    ).filter((c) => c !== 'none'),
    untrustedPublic,
  };
}

/** The sources with one more result of `origin` folded in (a union per tool, never removing anything). */
function withSource(
  sources: readonly TrustSource[],
  origin: ResultOrigin,
  trust: ResultTrust,
): TrustSource[] {
  const key = originKey(origin);
  const before = sources.find((source) => source.origin === key);
  const merged: TrustSource = {
    origin: key,
    serverId: origin.serverId,
    openWorld: (before?.openWorld ?? false) || trust.openWorld,
    sensitivity: union(before?.sensitivity ?? [], trust.sensitivity),
    attribution: union(before?.attribution ?? [], trust.attribution),
  };
  return [...sources.filter((source) => source.origin !== key), merged].sort((a, b) =>
    a.origin < b.origin ? -1 : a.origin > b.origin ? 1 : 0,
  );
}

/** SEP "Propagation Rules": the state after one result. Never removes anything. */
export function propagate(state: TrustState, origin: ResultOrigin, trust: ResultTrust): TrustState {
  const key = originKey(origin);
  const brings = trust.openWorld || trust.sensitivity.length > 0;
  const adds = brings || trust.attribution.length > 0;
  return {
    version: 1,
    openWorld: state.openWorld || trust.openWorld,
    attribution: union(state.attribution, trust.attribution),
    sensitivity: union(state.sensitivity, trust.sensitivity),
    origins: brings ? union(state.origins, [key]) : [...state.origins],
    malicious: trust.malicious ? { origin: key } : state.malicious,
    sources: adds ? withSource(state.sources, origin, trust) : [...state.sources],
  };
}

/** The state after a tool's raw result: reads the listed tool and the `CallToolResult` leniently. */
export function propagateResult(
  state: TrustState,
  origin: ResultOrigin,
  tool: unknown,
  result: unknown,
): TrustState {
  return propagate(
    state,
    origin,
    resultTrust(readToolTrust(tool).declaration, readResultTrust(result).declaration),
  );
}

/** The pending malicious-activity flag is spent once the next action-like call has been gated. */
export function clearMaliciousFlag(state: TrustState): TrustState {
  return state.malicious === null ? state : { ...state, malicious: null };
}

/** SEP `RequestAnnotations`: what the client sends in `params._meta.annotations` of every call. */
export interface RequestAnnotations {
  openWorldHint?: true;
  attribution?: string[];
}

/**
 * Attribution as another server may see it (SEP Privacy Considerations, "minimizing attribution
 * detail"): a web address keeps only its origin, which says where open-world data came from without
 * naming the page; anything else (a record's URN, a file path, an id) is not sent at all.
 */
export function minimizedAttribution(entry: string): string | undefined {
  if (!URL.canParse(entry)) return undefined;
  const url = new URL(entry);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
}

/**
 * Client responsibility 1: propagate the session's annotations to every server it calls. Fields
 * are omitted when there is nothing to say (the SEP: missing means unknown, not safe). The
 * open-world mark goes to every server; attribution goes in full only to the server whose results
 * gave it, and minimized to the rest (docs/gates.md).
 */
export function requestAnnotations(state: TrustState, serverId: string): RequestAnnotations {
  const out: RequestAnnotations = {};
  if (state.openWorld) out.openWorldHint = true;
  const own = new Set(
    state.sources.filter((source) => source.serverId === serverId).flatMap((source) => source.attribution),
  );
  const sent = state.attribution.flatMap((entry) => {
    const shown = own.has(entry) ? entry : minimizedAttribution(entry);
    return shown === undefined ? [] : [shown];
  });
  if (sent.length > 0) out.attribution = union([], sent);
  return out;
}

/**
 * The `params._meta` to send to `serverId`: the caller's `_meta` (progress token etc.) kept,
 * `annotations` always the host's, so neither the model nor a view can send a server a cleaner history.
 */
export function withRequestAnnotations(
  meta: Record<string, unknown> | undefined,
  state: TrustState,
  serverId: string,
): Record<string, unknown> {
  const { annotations: _ignored, ...rest } = meta ?? {};
  return { ...rest, annotations: requestAnnotations(state, serverId) };
}

export function serializeTrustState(state: TrustState): string {
  return JSON.stringify(state);
}

/**
 * What a conversation whose stored state cannot be read is decided with: open-world, so the
 * public-destination rule still asks (an empty state would loosen the policy). Propagation writes a
 * readable state over it, keeping the open-world mark.
 */
export function failClosedTrustState(reason: string): TrustState {
  return { ...EMPTY_TRUST_STATE, openWorld: true, origins: [`unreadable trust state (${reason})`] };
}

export type TrustStateRestore = { ok: true; state: TrustState } | { ok: false; reason: string };

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

/**
 * A stored state back, or why not. A damaged state is refused rather than read as empty: an empty
 * state would forget open-world data and loosen the policy, so the caller must fail closed.
 */
export function restoreTrustState(text: string): TrustStateRestore {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'trust state is not JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, reason: 'trust state is not an object' };
  const v = value as Record<string, unknown>;
  if (v.version !== 1)
    return { ok: false, reason: `trust state version ${JSON.stringify(v.version)} is unknown` };
  if (typeof v.openWorld !== 'boolean')
    return { ok: false, reason: 'trust state openWorld is not a boolean' };
  if (!isStringArray(v.attribution))
    return { ok: false, reason: 'trust state attribution is not a string array' };
  if (!isStringArray(v.sensitivity))
    return { ok: false, reason: 'trust state sensitivity is not a string array' };
  if (!isStringArray(v.origins)) return { ok: false, reason: 'trust state origins is not a string array' };
  const m = v.malicious;
  let malicious: TrustState['malicious'] = null;
  if (m !== null) {
    if (typeof m !== 'object' || m === undefined || typeof (m as { origin?: unknown }).origin !== 'string')
      return { ok: false, reason: 'trust state malicious is neither null nor { origin }' };
    malicious = { origin: (m as { origin: string }).origin };
  }
  // A state stored before sources were kept has none: its attribution counts as another server's.
  const sources = v.sources === undefined ? [] : v.sources;
  if (!Array.isArray(sources) || !sources.every(isTrustSource))
    return { ok: false, reason: 'trust state sources is not a list of sources' };
  return {
    ok: true,
    state: {
      version: 1,
      openWorld: v.openWorld,
      attribution: union([], v.attribution),
      // Stored by serializeTrustState from SensitivityClass values; any string is kept (stricter, never looser).
      sensitivity: union([], v.sensitivity as SensitivityClass[]),
      origins: union([], v.origins),
      malicious,
      sources,
    },
  };
}

function isTrustSource(value: unknown): value is TrustSource {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.origin === 'string' &&
    typeof v.serverId === 'string' &&
    typeof v.openWorld === 'boolean' &&
    isStringArray(v.sensitivity) &&
    isStringArray(v.attribution)
  );
}
