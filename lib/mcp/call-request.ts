import { z } from 'zod';
import type { CallSurface } from '../mcplet/policy';

export const callRequestSchema = z.object({
  serverId: z.string().min(1).max(40),
  toolName: z.string().min(1).max(200),
  args: z.unknown(),
  /** `model`: as if the model proposed it; `app`: as a view of this tool's own server. */
  surface: z.enum(['model', 'app']),
  /**
   * A view's call names its conversation and view; the server trusts them only after checking its
   * own records, and only to narrow what a remembered approval covers.
   */
  conversationId: z.string().min(1).max(100).optional(),
  viewId: z.string().min(1).max(100).optional(),
  /** The developer preview shows the raw JSON-RPC exchange; without this the answer leaves it out. */
  exchange: z.boolean().optional(),
});

export type CallRequest = z.infer<typeof callRequestSchema>;

export function parseCallRequest(
  value: unknown,
): { ok: true; request: CallRequest } | { ok: false; error: string } {
  const parsed = callRequestSchema.safeParse(value);
  if (parsed.success) return { ok: true, request: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    error: `Invalid call: ${issue?.path.join('.') || 'body'} ${issue?.message ?? ''}`.trim(),
  };
}

export function surfaceOf(request: CallRequest): CallSurface {
  return request.surface === 'model' ? { kind: 'model' } : { kind: 'app', serverId: request.serverId };
}
