import 'server-only';
import type { FetchLike, JSONRPCMessage, OAuthClientProvider, Transport } from '@modelcontextprotocol/client';
import {
  Client,
  SdkError,
  SdkErrorCode,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { OutboundPolicy } from '../net/address-rules';
import { createGuardedFetch, OutboundRefusedError } from '../net/guard';
import { ELICITATION_CAPABILITY } from './elicitation';
import { RecordingTransport } from './recording-transport';
import type { ServerTransport } from './server-config';
import { AuthorizationRequiredError, httpStatusOf, safeErrorText } from './wire-errors';

export const HOST_INFO = { name: 'mcplet-host', version: '0.1.0' };

/** The MCP Apps extension this host implements (io.modelcontextprotocol/ui); elicitation, both modes. */
export const CLIENT_CAPABILITIES = {
  elicitation: ELICITATION_CAPABILITY,
  // MCP 2025-11-25 "Sampling", with tools (sampling with tools): lib/mcp/sampling.ts answers it.
  sampling: { tools: {} },
  extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
};

export type TransportKind = 'streamable-http' | 'sse' | 'stdio';

type Tap = (direction: 'sent' | 'received', message: JSONRPCMessage) => void;

export interface OpenedClient {
  client: Client;
  transport: RecordingTransport;
  kind: TransportKind;
  /** stderr of a stdio server, for the developer log. */
  stderr?: NodeJS.ReadableStream | null;
}

/** A server that did not finish connecting within the connect timeout (no transport answered). */
export class ConnectTimeoutError extends Error {
  constructor(serverName: string, timeoutMs: number) {
    super(
      `${serverName} did not finish connecting within ${Math.round(timeoutMs / 100) / 10} s (no transport the host speaks answered in time).`,
    );
    this.name = 'ConnectTimeoutError';
  }
}

/**
 * One transport's connection, bounded by the time left before `deadline`. The SDK's own timeout
 * covers only the `initialize` request: an HTTP+SSE transport's start waits for the server's
 * `endpoint` event with no limit, and a server that opens the stream and never sends it held a
 * connect for as long as it liked. On the deadline the client is closed, which ends the stream.
 */
async function attempt(
  inner: Transport,
  kind: TransportKind,
  deadline: number,
  timedOut: () => Error,
  negotiation: 'auto' | 'legacy' = negotiationFor(kind),
  tap?: Tap,
): Promise<OpenedClient> {
  const transport = new RecordingTransport(inner, tap);
  const client = new Client(HOST_INFO, {
    capabilities: CLIENT_CAPABILITIES,
    versionNegotiation: { mode: negotiation },
  });
  const left = deadline - Date.now();
  if (left <= 0) throw timedOut();
  const connecting = client.connect(transport, { timeout: left });
  // Settled after the deadline (the close below ends it): nobody is waiting for it any more.
  connecting.catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut()), left);
  });
  try {
    await Promise.race([connecting, expired]);
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return { client, transport, kind };
}

/**
 * How the protocol revision is chosen. Streamable HTTP and stdio ask the server first
 * (`server/discover`) and speak 2026-07-28 to a server that offers it, the handshake and sessions
 * of 2025-11-25 and older to one that does not. The HTTP+SSE transport predates both: only the
 * handshake.
 */
function negotiationFor(kind: TransportKind): 'auto' | 'legacy' {
  return kind === 'sse' ? 'legacy' : 'auto';
}

/** Failures that no other transport and no retry can fix: the guard's refusal, an HTTP 401. */
function final(error: unknown, serverName: string): Error | undefined {
  if (error instanceof OutboundRefusedError) return error;
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof OutboundRefusedError) return cause;
  if (error instanceof UnauthorizedError || httpStatusOf(error) === 401)
    return new AuthorizationRequiredError(serverName);
  return undefined;
}

/**
 * Connects to a server: Streamable HTTP first, then the older HTTP+SSE transport; or a stdio child
 * process started from an argv array with `shell: false` (docs/security.md, "Command execution": no shell ever sees it). Every
 * HTTP request goes through the outbound guard (lib/net) under `policy`. A refusal or an HTTP 401
 * ends the attempt (no fallback to SSE); errors never carry the remote body.
 */
export async function openClient(
  config: ServerTransport,
  timeoutMs: number,
  policy: OutboundPolicy,
  serverName: string,
  /** The SDK's OAuth client for this server, with the fetch its endpoints go through. */
  auth?: { provider: OAuthClientProvider | undefined; fetch: FetchLike },
  /** Every JSON-RPC message of every attempt, both ways: the server's session trace. */
  tap?: Tap,
): Promise<OpenedClient> {
  const deadline = Date.now() + timeoutMs;
  const timedOut = () => new ConnectTimeoutError(serverName, timeoutMs);
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
    const opened = await attempt(inner, 'stdio', deadline, timedOut, negotiationFor('stdio'), tap);
    return { ...opened, stderr: inner.stderr as NodeJS.ReadableStream | null };
  }
  const url = new URL(config.url);
  const requestInit: RequestInit = config.headers ? { headers: config.headers } : {};
  const fetch = auth?.fetch ?? createGuardedFetch(policy);
  const authProvider = auth?.provider;
  const streamable = () => new StreamableHTTPClientTransport(url, { requestInit, fetch, authProvider });
  try {
    try {
      return await attempt(
        streamable(),
        'streamable-http',
        deadline,
        timedOut,
        negotiationFor('streamable-http'),
        tap,
      );
    } catch (probeError) {
      // A server that answers the revision probe with neither a revision nor a plain refusal (a 5xx,
      // a reply that is not JSON-RPC) may still speak the 2025-era handshake: it gets one.
      if (!(probeError instanceof SdkError && probeError.code === SdkErrorCode.EraNegotiationFailed))
        throw probeError;
      return await attempt(streamable(), 'streamable-http', deadline, timedOut, 'legacy', tap);
    }
  } catch (streamableError) {
    const stop = final(streamableError, serverName);
    if (stop) throw stop;
    // The whole connect has one limit: what Streamable HTTP used is not given again to HTTP+SSE.
    if (streamableError instanceof ConnectTimeoutError) throw streamableError;
    try {
      return await attempt(
        new SSEClientTransport(url, { requestInit, fetch, authProvider }),
        'sse',
        deadline,
        timedOut,
        'legacy',
        tap,
      );
    } catch (sseError) {
      if (sseError instanceof ConnectTimeoutError) throw sseError;
      throw (
        final(sseError, serverName) ??
        new Error(`could not connect to ${url.origin}${url.pathname}: ${safeErrorText(streamableError)}`)
      );
    }
  }
}
