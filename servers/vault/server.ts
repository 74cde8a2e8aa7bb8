import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { Protocol } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  type CallToolRequest,
  CallToolRequestSchema,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { callVaultTool, VAULT_TOOLS, type VaultState } from './tools';

/** The name this server reports in `initialize`. */
export const SERVER_NAME = 'vault-mcplet';

/**
 * The vault demo: sensitive outputs and trust annotations (docs/vault-server.md). A low-level SDK
 * `Server`, since its tools are plain JSON (an `x-sensitive` field needs a hand-written
 * `outputSchema`). Stateless: one server per HTTP request over shared `state`.
 */
export function createVaultServer(state: VaultState): Server {
  const server = new Server({ name: SERVER_NAME, version: '1.0.0' }, { capabilities: { tools: {} } });
  // Both handlers sit on the protocol layer: the SDK's types know MCP's standard annotations only,
  // and its Server checks tools/call results against MCP's closed list of content types, which has
  // no `secret_reference` (an extension: sensitive-output proposal, section 4). The host reads both
  // leniently.
  const handle = Protocol.prototype.setRequestHandler;
  handle.call(server, ListToolsRequestSchema, async () => ({ tools: VAULT_TOOLS }));
  handle.call(server, CallToolRequestSchema, async (request: CallToolRequest) =>
    callVaultTool(state, request.params.name, request.params.arguments ?? {}),
  );
  return server;
}
