import { type JSONRPCRequest, type Result, Server, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { callVaultTool, VAULT_TOOLS, type VaultState } from './tools';

/** The name this server reports (`initialize`, `server/discover`). */
export const SERVER_NAME = 'vault-mcplet';

type RequestHandler = (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>;

/**
 * The SDK's `Server` holds every `tools/call` result to MCP's closed list of content types, which
 * has no `secret_reference` (an extension: sensitive-output proposal, section 4), and would answer
 * `reveal_api_key` with an error. `_wrapHandler` is the SDK's hook for a role's checks around a
 * handler; the vault leaves that one check out and keeps every other. The host reads results
 * leniently (`lib/mcp/call-result-schema.ts`).
 */
class VaultProtocolServer extends Server {
  protected override _wrapHandler(method: string, handler: RequestHandler): RequestHandler {
    return method === 'tools/call' ? handler : super._wrapHandler(method, handler);
  }
}

/** `tools/call` as the vault reads it: a tool name and its arguments, which each tool checks itself. */
const CallParams = z.object({
  name: z.string(),
  arguments: z.record(z.string(), z.unknown()).optional(),
});

/** A result whose content items may be of types MCP does not list (`VaultResult`). */
const CallResult = z.object({
  content: z.array(z.looseObject({ type: z.string() })),
  structuredContent: z.record(z.string(), z.unknown()).optional(),
  isError: z.boolean().optional(),
  _meta: z.record(z.string(), z.unknown()).optional(),
});

/**
 * The vault demo: sensitive outputs and trust annotations (docs/vault-server.md). A low-level SDK
 * `Server`, since its tools are plain JSON (an `x-sensitive` field needs a hand-written
 * `outputSchema`). Stateless: one server per HTTP request over shared `state`, for 2026-07-28 and
 * 2025-era clients alike.
 */
export function createVaultServer(state: VaultState): Server {
  const server = new VaultProtocolServer(
    { name: SERVER_NAME, version: '1.0.0' },
    { capabilities: { tools: {} } },
  );
  server.setRequestHandler('tools/list', async () => ({ tools: VAULT_TOOLS }));
  // The schema form: the result is the vault's own shape, not the spec's.
  server.setRequestHandler('tools/call', { params: CallParams, result: CallResult }, async (params) =>
    callVaultTool(state, params.name, params.arguments ?? {}),
  );
  return server;
}
