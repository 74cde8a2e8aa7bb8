import 'server-only';
import { ProtocolError } from '@modelcontextprotocol/client';
import { SAMPLING_REJECTED } from '../mcplet/sampling-gate';

/** Why the host did not answer a sampling request with a completion. */
const SAMPLING_ENDS = ['rejected', 'unattributed', 'rate-limited', 'no-model', 'model-failed'] as const;
export type SamplingEnd = (typeof SAMPLING_ENDS)[number];

const DATA_KEY = 'io.mcplet/sampling';

/**
 * The error a server gets for a sampling request the host does not fulfil: code -1 as in the spec's
 * example (MCP 2025-11-25, "Sampling", "Error Handling"), "User rejected sampling request" when the
 * user denied it, else a sentence saying why. On the 2026-07-28 wire (an `input_required` request)
 * the same error ends the call, and `classifyCallError` reads it back (`samplingEndOf`).
 */
export function samplingError(end: SamplingEnd, message: string): ProtocolError {
  return new ProtocolError(SAMPLING_REJECTED.code, message, { [DATA_KEY]: end });
}

export function samplingEndOf(error: unknown): SamplingEnd | undefined {
  if (!(error instanceof ProtocolError) || error.code !== SAMPLING_REJECTED.code) return undefined;
  const data = error.data as Record<string, unknown> | undefined;
  const end = data?.[DATA_KEY];
  return SAMPLING_ENDS.find((known) => known === end);
}
