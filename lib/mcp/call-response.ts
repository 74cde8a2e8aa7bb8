import type { CallToolResult } from '@modelcontextprotocol/client';
import type { ResultEnvelope } from '../mcplet/envelope';
import type { Decision } from '../mcplet/policy';
import type { UntrustedSource } from '../trust/untrusted-content';
import type { DispatchResult } from './dispatch';
import type { Exchange } from './recording-transport';

/**
 * What the browser receives of a call it proposed (POST /api/tools/call, or the gate answer that
 * let it run): one wire type for the view bridge and the preview. What was kept for the model
 * (`model`, `modelContent`, `withheld`) stays on the server: the browser does not need it, and
 * each is another copy of the result to serialise.
 */
export interface CallResponse {
  decision: Decision;
  envelope: ResultEnvelope;
  result?: CallToolResult;
  exchange?: Exchange;
  untrusted?: UntrustedSource;
  malicious?: true;
  sent: boolean;
  durationMs: number;
}

/** `withExchange`: the developer preview asked for the raw JSON-RPC (a view's call does not). */
export function toCallResponse(dispatched: DispatchResult, withExchange: boolean): CallResponse {
  const { decision, envelope, result, exchange, untrusted, malicious, sent, durationMs } = dispatched;
  return {
    decision,
    envelope,
    ...(result ? { result } : {}),
    ...(withExchange && exchange ? { exchange: exchange() } : {}),
    ...(untrusted ? { untrusted } : {}),
    ...(malicious ? { malicious } : {}),
    sent,
    durationMs,
  };
}

/** The envelope's error, when the call failed or was refused. */
export function envelopeError(
  envelope: ResultEnvelope | undefined,
): Extract<ResultEnvelope, { error: unknown }>['error'] | undefined {
  return envelope && 'error' in envelope ? envelope.error : undefined;
}
