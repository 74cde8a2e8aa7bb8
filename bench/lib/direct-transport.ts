import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

/**
 * The baselines' direct MCP client transport: the SDK's, with each request given its own abort
 * signal, as the host's outbound fetch does (lib/net/guard.ts). The SDK passes one transport-wide
 * signal to every request, and undici keeps a listener on it per request until that request is
 * collected: under 50 clients the bench printed thousands of MaxListenersExceededWarning lines.
 */
export function directTransport(url: string): StreamableHTTPClientTransport {
  return new StreamableHTTPClientTransport(new URL(url), {
    fetch: (input, init = {}) =>
      fetch(input, init.signal ? { ...init, signal: AbortSignal.any([init.signal]) } : init),
  });
}
