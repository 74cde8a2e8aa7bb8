import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { RecordingTransport } from './recording-transport';
import type { ServerTransport } from './server-config';

export const HOST_INFO = { name: 'mcplet-host', version: '0.1.0' };

/** The MCP Apps extension this host implements (io.modelcontextprotocol/ui). */
export const CLIENT_CAPABILITIES = {
  extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
};

export type TransportKind = 'streamable-http' | 'sse' | 'stdio';

export interface OpenedClient {
  client: Client;
  transport: RecordingTransport;
  kind: TransportKind;
  /** stderr of a stdio server, for the developer log. */
  stderr?: NodeJS.ReadableStream | null;
}

async function attempt(inner: Transport, kind: TransportKind, timeoutMs: number): Promise<OpenedClient> {
  const transport = new RecordingTransport(inner);
  const client = new Client(HOST_INFO, { capabilities: CLIENT_CAPABILITIES });
  try {
    await client.connect(transport, { timeout: timeoutMs });
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
  return { client, transport, kind };
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Connects to a server: Streamable HTTP first, then the older HTTP+SSE transport; or a stdio child
 * process started from an argv array with `shell: false` (attack 11: no shell ever sees it).
 */
export async function openClient(config: ServerTransport, timeoutMs: number): Promise<OpenedClient> {
  if (config.type === 'stdio') {
    const [command, ...args] = config.command;
    if (!command) throw new Error('the stdio command is empty');
    const inner = new StdioClientTransport({
      command,
      args,
      env: { ...getDefaultEnvironment(), ...config.env },
      cwd: config.cwd,
      stderr: 'pipe',
    });
    const opened = await attempt(inner, 'stdio', timeoutMs);
    return { ...opened, stderr: inner.stderr as NodeJS.ReadableStream | null };
  }
  const url = new URL(config.url);
  const requestInit: RequestInit = config.headers ? { headers: config.headers } : {};
  try {
    return await attempt(
      new StreamableHTTPClientTransport(url, { requestInit }),
      'streamable-http',
      timeoutMs,
    );
  } catch (streamableError) {
    try {
      return await attempt(new SSEClientTransport(url, { requestInit }), 'sse', timeoutMs);
    } catch {
      throw new Error(`could not connect to ${url.origin}${url.pathname}: ${message(streamableError)}`);
    }
  }
}
