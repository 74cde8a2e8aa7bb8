/**
 * The gate table: every level that can stand between a call and its dispatch, what the server
 * requires before it dispatches, what the browser shows, and whether the call waits for the user.
 * Every other module asks this table; a new level is a compile error until its row exists here
 * and every `switch` over `server` or `browser` handles it.
 */
export const GATE_LEVELS = ['none', 'notify', 'review', 'confirm', 'passkey', 'verified'] as const;
export type Gate = (typeof GATE_LEVELS)[number];

/**
 * What the server must hold before dispatch. `approval`: a server-issued gate pass for exactly this
 * call, minted from the user's answer to a ticket (issue 11 item 3 adds: or from a remembered rule,
 * where `rememberable`). `assertion`: such a pass that also carries a passkey assertion obtained
 * for this call (spec 7); never remembered. `server-verified`: such a pass that carries the user's
 * assertion for a challenge the MCP server itself issued for this call; the server verifies it
 * (SEP-2672, per-call verified approval); never remembered.
 */
export type ServerRequirement = 'nothing' | 'approval' | 'assertion' | 'server-verified';

/** What the browser draws: nothing, a non-blocking notice, an editable review, a confirmation, a passkey ceremony. */
export type BrowserPrompt = 'nothing' | 'notice' | 'review' | 'confirm' | 'passkey' | 'verified';

export interface GateRow {
  /** Strictness; the strictest requirement wins. */
  rank: number;
  server: ServerRequirement;
  browser: BrowserPrompt;
  /** The call waits for the user's answer before anything reaches the MCP server. */
  waits: boolean;
  /** The user may edit the arguments before approving; the approval binds to what is sent. */
  editable: boolean;
  /** A remembered approval may stand in for the user's answer (issue 11 item 3). */
  rememberable: boolean;
  /** What the user gives, for messages: "needs your …". */
  asks: string;
  /** The word the preview and the card show. */
  label: string;
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
} as const satisfies Record<Gate, GateRow>;

export function gateRow(gate: Gate): GateRow {
  return GATE_TABLE[gate];
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
