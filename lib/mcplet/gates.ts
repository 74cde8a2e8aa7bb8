/**
 * The gate table: every level that can stand between a call and its dispatch, what the server
 * requires before it dispatches, what the browser shows, and whether the call waits for the user.
 * Every other module asks this table; a new level is a compile error until its row exists here
 * and every `switch` over `server` or `browser` handles it.
 */
export const GATE_LEVELS = ['none', 'notify', 'review', 'confirm', 'passkey', 'verified'] as const;
export type Gate = (typeof GATE_LEVELS)[number];

/**
 * Rows for what a server asks of the host during a call (MCP 2025-11-25 client features; an
 * `input_required` request of 2026-07-28), not levels a tool can be given. They are kept out of
 * `GATE_LEVELS`, so `isGate` never reads one from host.config.json, a user setting or a hint, they
 * have no rank, so `stricter` and `resolveGate` cannot pick one, and `Gate` (what `decide()` names)
 * does not include them: the compiler refuses a sampling row wherever a tool's level is expected.
 */
export const REQUEST_GATES = ['sampling'] as const;
export type RequestGate = (typeof REQUEST_GATES)[number];

/** Any row of the table: a tool's level or a server request's row. */
export type GateRowName = Gate | RequestGate;

/**
 * What the server must hold before dispatch. `approval`: a server-issued gate pass for exactly this
 * call, minted from the user's answer to a ticket (or from a remembered rule,
 * where `rememberable`). `assertion`: such a pass that also carries a passkey assertion obtained
 * for this call (spec 7); never remembered. `server-verified`: such a pass that carries the user's
 * assertion for a challenge the MCP server itself issued for this call; the server verifies it
 * (SEP-2672, per-call verified approval); never remembered.
 */
export type ServerRequirement = 'nothing' | 'approval' | 'assertion' | 'server-verified';

/** What the browser draws: nothing, a non-blocking notice, an editable review, a confirmation, a passkey ceremony. */
export type BrowserPrompt = 'nothing' | 'notice' | 'review' | 'confirm' | 'passkey' | 'verified' | 'sampling';

/** A row: what the server requires, what the browser draws, whether it waits, may be edited or remembered. */
export interface RequestRow {
  server: ServerRequirement;
  browser: BrowserPrompt;
  /** The call waits for the user's answer before anything reaches the MCP server. */
  waits: boolean;
  /** The user may edit the arguments before approving; the approval binds to what is sent. */
  editable: boolean;
  /** A remembered approval may stand in for the user's answer. */
  rememberable: boolean;
  /** What the user gives, for messages: "needs your …". */
  asks: string;
  /** The word the preview and the card show. */
  label: string;
}

/** A tool's level: a request row with a rank, so the strictest requirement can win. */
export interface GateRow extends RequestRow {
  /** Strictness; the strictest requirement wins. */
  rank: number;
}

export const GATE_TABLE = {
  none: {
    rank: 0,
    server: 'nothing',
    browser: 'nothing',
    waits: false,
    editable: false,
    rememberable: false,
    asks: 'nothing',
    label: 'runs',
  },
  notify: {
    rank: 1,
    server: 'nothing',
    browser: 'notice',
    waits: false,
    editable: false,
    rememberable: false,
    asks: 'nothing (you are told it ran)',
    label: 'notify',
  },
  review: {
    rank: 2,
    server: 'approval',
    browser: 'review',
    waits: true,
    editable: true,
    rememberable: false,
    asks: 'your review',
    label: 'review',
  },
  confirm: {
    rank: 3,
    server: 'approval',
    browser: 'confirm',
    waits: true,
    editable: false,
    rememberable: true,
    asks: 'your confirmation',
    label: 'confirm',
  },
  passkey: {
    rank: 4,
    server: 'assertion',
    browser: 'passkey',
    waits: true,
    editable: false,
    rememberable: false,
    asks: 'your passkey',
    label: 'passkey',
  },
  verified: {
    rank: 5,
    server: 'server-verified',
    browser: 'verified',
    waits: true,
    editable: false,
    rememberable: false,
    asks: 'your passkey, checked by the server itself',
    label: 'verified approval',
  },
  // MCP 2025-11-25 "Sampling" (client features), and `sampling/createMessage` as an input_required
  // request of 2026-07-28: the server asks the host's model for a completion. The user sees the
  // request and may edit its messages; the approval binds to exactly what then runs. Remembered per
  // server, never while the conversation's trust state marks that server untrusted
  // (lib/mcplet/sampling-gate.ts). No rank: it is never a tool's level.
  sampling: {
    server: 'approval',
    browser: 'sampling',
    waits: true,
    editable: true,
    rememberable: true,
    asks: 'your approval of the model request',
    label: 'sampling',
  },
} as const satisfies Record<Gate, GateRow> & Record<RequestGate, RequestRow>;

export function gateRow(gate: Gate): GateRow {
  return GATE_TABLE[gate];
}

/** Any row, a tool's level or a server request's (what a ticket names). */
export function requestRow(name: GateRowName): RequestRow {
  return GATE_TABLE[name];
}

/** The call waits at a ticket for the user before dispatch. */
export function gateWaits(gate: Gate): boolean {
  return GATE_TABLE[gate].waits;
}

/** The stricter of two levels. */
export function stricter<G extends Gate>(a: G, b: G): G {
  return GATE_TABLE[b].rank > GATE_TABLE[a].rank ? b : a;
}

export function isGate(value: unknown): value is Gate {
  return typeof value === 'string' && (GATE_LEVELS as readonly string[]).includes(value);
}
