import type { GateRowName } from '../mcplet/gates';
import type { CallSurface } from '../mcplet/policy';
import type { TrustReason } from '../mcplet/trust-escalation';
import type { Refusal } from './answers';
import type { CallContext, RememberOffer } from './remembered';

/**
 * Who waits on a gate: a model's call, a view's call, the user's own request to run a command, or a
 * server's sampling request (waited on by the call that caused it, in the instance that runs it).
 */
export type GateKind = 'model' | 'view' | 'command' | 'sampling';

/** What a command gate shows: the exact program and arguments, the names of its environment, where it runs. */
export interface CommandPreview {
  argv: string[];
  envKeys: string[];
  cwd?: string;
}

export interface GateTicket {
  id: string;
  kind: GateKind;
  /** A tool's level, or a server request's row (`sampling`: only on `kind: 'sampling'` tickets). */
  gate: GateRowName;
  surface: CallSurface;
  userId: string;
  serverId: string;
  serverName: string;
  /** The server's own name from `initialize`: what its backend binds passkey assertions to. */
  bindingServer: string;
  toolName: string;
  toolTitle?: string;
  args: Record<string, unknown>;
  /** The tool's input schema: the dialog's labels; its arguments are editable only where the gate table says (review). */
  inputSchema?: Record<string, unknown>;
  promptMessage?: string;
  /** Present on command gates (docs/security.md, "Command execution"). */
  command?: CommandPreview;
  /** On confirmations that may be remembered: the scopes offered and what a rule would be built from. */
  remember?: RememberOffer;
  /** Why the SEP trust rules ask (what data from where may leave); the dialog shows them. */
  trustReasons?: TrustReason[];
  /** Where the call comes from, as the server knew it: a view's approved call is decided in its conversation. */
  context?: CallContext;
  expiresAt: number;
}

export type GateOutcome = { verdict: 'approved' } | Refusal;
