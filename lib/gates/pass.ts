import 'server-only';
import { createHash } from 'node:crypto';
import { GATE_TABLE, type Gate, type GateRowName, isGate, type RequestGate } from '../mcplet/gates';
import { callBinding } from '../trust/canonical';
import type { McpletAuth } from './answers';

declare const passBrand: unique symbol;

/**
 * What lets dispatch send a gated call: issued by the server (lib/gates) for one exact call
 * (server, tool, canonical arguments) and spent by one dispatch. It cannot be built elsewhere: the
 * type is branded and dispatch also checks that this module minted the object.
 */
export interface GatePass {
  readonly [passBrand]: true;
  /** The row it was minted for: a tool's level, or a server request's row (`sampling`). */
  readonly gate: GateRowName;
  readonly serverId: string;
  readonly toolName: string;
  readonly binding: string;
  /** The passkey assertion for this call (passkey gates), handed to the server in `_meta.mcplet_auth`. */
  readonly auth?: McpletAuth;
  /** SEP-2672: the server's challenge id and the assertion, for `params._meta` (verified gates). */
  readonly verified?: VerifiedEvidence;
  /** How the user's approval was given: an answer to this call's ticket, or a remembered rule. */
  readonly via: 'answer' | 'remembered';
  /** For a remembered approval, what the action log says of it ("approved by a remembered rule (…)"). */
  readonly approvedBy?: string;
}

/** SEP-2672 evidence: the MCP server's challenge id and the browser's assertion, unmodified. */
export interface VerifiedEvidence {
  challengeId: string;
  response: unknown;
}

const minted = new WeakSet<GatePass>();
const spent = new WeakSet<GatePass>();

/** SHA-256 of the canonical call: what an approval is bound to. */
export function bindingOf(serverId: string, toolName: string, args: unknown): string {
  return createHash('sha256')
    .update(callBinding(serverId, toolName, args))
    .digest('hex');
}

/** Only lib/gates mints a pass: when the user's answer to a ticket is spent, or a remembered rule covers the call. */
export function mintPass(fields: Omit<GatePass, typeof passBrand>): GatePass {
  // The brand exists only in the type; the WeakSet is what dispatch trusts.
  const pass = Object.freeze({ ...fields }) as GatePass;
  minted.add(pass);
  return pass;
}

export type PassCheck =
  | { ok: true; auth?: McpletAuth; verified?: VerifiedEvidence }
  | { ok: false; message: string };

/**
 * What the server requires before dispatching a call at `gate` (the gate table), checked against
 * the pass it was given: a pass this module minted, not yet used, for exactly this call, carrying
 * an assertion where one is required. A successful check uses the pass up.
 */
export function redeemPass(
  gate: Gate,
  pass: GatePass | undefined,
  call: { serverId: string; toolName: string; args: unknown },
): PassCheck {
  const requirement = GATE_TABLE[gate].server;
  switch (requirement) {
    case 'nothing':
      return { ok: true };
    case 'approval':
    case 'assertion':
    case 'server-verified': {
      const needs = `needs ${GATE_TABLE[gate].asks} before it can run`;
      if (!pass || !minted.has(pass) || spent.has(pass)) return { ok: false, message: needs };
      if (pass.binding !== bindingOf(call.serverId, call.toolName, call.args))
        return { ok: false, message: `${needs}: the approval was given for another call` };
      if (requirement === 'assertion' && !pass.auth)
        return { ok: false, message: 'needs a passkey assertion obtained for this call' };
      if (requirement === 'server-verified' && !pass.verified)
        return {
          ok: false,
          message: "needs a passkey approval for the server's own challenge for this call",
        };
      // A server request's approval (sampling) never stands for a tool call, whatever it binds.
      if (!isGate(pass.gate))
        return { ok: false, message: `${needs}: the approval was for a server's request, not a call` };
      if (GATE_TABLE[pass.gate].rank < GATE_TABLE[gate].rank)
        return { ok: false, message: `${needs}: the approval was for a weaker gate` };
      spent.add(pass);
      return {
        ok: true,
        ...(pass.auth ? { auth: pass.auth } : {}),
        ...(pass.verified ? { verified: pass.verified } : {}),
      };
    }
    default: {
      const unhandled: never = requirement;
      return unhandled;
    }
  }
}

/**
 * A server request's row (sampling): a pass this module minted for exactly that row and request
 * (server, the tool call it belongs to, the canonical request as approved), used once.
 */
export function redeemRequestPass(
  row: RequestGate,
  pass: GatePass | undefined,
  call: { serverId: string; toolName: string; args: unknown },
): PassCheck {
  const needs = `needs ${GATE_TABLE[row].asks}`;
  if (!pass || !minted.has(pass) || spent.has(pass) || pass.gate !== row)
    return { ok: false, message: needs };
  if (pass.binding !== bindingOf(call.serverId, call.toolName, call.args))
    return { ok: false, message: `${needs}: the approval was given for another request` };
  spent.add(pass);
  return { ok: true };
}
