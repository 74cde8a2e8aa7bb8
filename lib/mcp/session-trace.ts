import 'server-only';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { configuredCredentialPatterns } from '../config/load';
import { cleanValue } from '../mcplet/model-facing';
import type { CredentialPattern } from '../trust/credentials';
import { maskSecrets } from './custom-headers';
import { Ring } from './server-log';

/**
 * A server's whole JSON-RPC session as the preview shows it: every message both ways (the handshake,
 * the lists, the calls, the server's own requests and notifications), newest last, in a bounded ring
 * per connection that outlives reconnects. Messages are kept as they crossed the wire and masked
 * when read, as the server log masks (credential formats of host.config.json) and with the secrets of
 * the server's own headers besides: the trace is read only when the preview's Trace tab asks, so a
 * busy session pays a push per message, not a masking.
 */

export const TRACE_CAPACITY = 300;
/** Characters of one message's JSON text, after masking. */
export const TRACE_MESSAGE_MAX = 4_000;

export type TraceDirection = 'sent' | 'received';
export type TraceKind = 'request' | 'response' | 'error' | 'notification';

export interface TraceEntry {
  seq: number;
  at: number;
  direction: TraceDirection;
  kind: TraceKind;
  /** The request's method; a response carries the method of the request it answers. */
  method: string;
  id?: string | number;
  /** The message as compact JSON, masked and cut. */
  text: string;
}

interface Raw {
  seq: number;
  at: number;
  direction: TraceDirection;
  message: JSONRPCMessage;
  method: string;
}

type Id = string | number;

function kindOf(message: JSONRPCMessage): TraceKind {
  if ('method' in message) return 'id' in message ? 'request' : 'notification';
  return 'error' in message ? 'error' : 'response';
}

/** One message as the preview may show it: every string masked, the JSON text masked again and cut. */
export function maskedTraceText(
  message: unknown,
  patterns: readonly CredentialPattern[],
  secrets: readonly string[],
  max = TRACE_MESSAGE_MAX,
): string {
  let json: string;
  try {
    json = JSON.stringify(cleanValue(message, { credentialPatterns: patterns })) ?? String(message);
  } catch {
    json = '(a message that is not JSON)';
  }
  const masked = maskSecrets(json, secrets);
  return masked.length <= max ? masked : `${masked.slice(0, max - 1)}…`;
}

export class SessionTrace {
  private readonly ring: Ring<Raw>;
  private seq = 0;
  /** Each direction's open requests by id, so a response is filed under its request's method. */
  private readonly pending = { sent: new Map<Id, string>(), received: new Map<Id, string>() };

  constructor(
    /** The server's own header secrets, read when the trace is: a header change applies at once. */
    private readonly secrets: () => readonly string[],
    capacity = TRACE_CAPACITY,
    private readonly patterns: () => readonly CredentialPattern[] = configuredCredentialPatterns,
    private readonly now: () => number = Date.now,
  ) {
    this.ring = new Ring(capacity);
  }

  record(direction: TraceDirection, message: JSONRPCMessage) {
    let method = '';
    const id = 'id' in message ? (message.id as Id) : undefined;
    if ('method' in message) {
      method = message.method;
      if (id !== undefined) {
        const open = this.pending[direction];
        // A peer that never answers must not grow the map without end.
        if (open.size >= 1_000) open.clear();
        open.set(id, method);
      }
    } else if (id !== undefined) {
      // An answer goes the other way from its request.
      const open = this.pending[direction === 'sent' ? 'received' : 'sent'];
      method = open.get(id) ?? '';
      open.delete(id);
    }
    this.ring.push({ seq: ++this.seq, at: this.now(), direction, message, method });
  }

  /** Every message kept, oldest first, masked; only those of `method` when one is named. */
  entries(method?: string): TraceEntry[] {
    const patterns = this.patterns();
    const secrets = this.secrets();
    const out: TraceEntry[] = [];
    for (const raw of this.ring.items()) {
      if (method && raw.method !== method) continue;
      const id = 'id' in raw.message ? (raw.message.id as Id) : undefined;
      out.push({
        seq: raw.seq,
        at: raw.at,
        direction: raw.direction,
        kind: kindOf(raw.message),
        method: raw.method,
        ...(id !== undefined ? { id } : {}),
        text: maskedTraceText(raw.message, patterns, secrets),
      });
    }
    return out;
  }

  /** The methods seen, for the preview's filter. */
  methods(): string[] {
    return [...new Set(this.ring.items().map((raw) => raw.method))].filter(Boolean).sort();
  }
}
