import 'server-only';
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { Agent, type Response as UndiciResponse, fetch as undiciFetch } from 'undici';
import { checkAddress, checkUrl, type OutboundPolicy, parseOutboundUrl, type Verdict } from './address-rules';
import { fetchViaRequest, NULL_BODY_STATUSES, REDIRECTS, takesPlainBody } from './request-fetch';

/**
 * The one door for the host's outbound HTTP (docs/security.md, "Outbound requests"): MCP connections (Streamable HTTP, SSE,
 * hence UI resources), later OAuth and secret redemption. A name is resolved once, every address is
 * checked, and the socket connects to the checked address (no rebinding between check and use).
 * IP literals skip resolution, so they are checked before the request. Redirects are followed here,
 * one hop at a time, each hop checked again.
 */

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export type GuardedFetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

export class OutboundRefusedError extends Error {
  readonly kind: Exclude<Verdict, { ok: true }>['kind'];
  constructor(verdict: Exclude<Verdict, { ok: true }>) {
    super(verdict.message);
    this.name = 'OutboundRefusedError';
    this.kind = verdict.kind;
  }
}

const MAX_REDIRECTS = 5;

const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/** Resolves a name and checks every address it has; refuses the name if any address is refused. */
export async function resolveChecked(
  hostname: string,
  policy: OutboundPolicy,
  resolve: Resolver = systemResolver,
): Promise<LookupAddress[]> {
  const addresses = await resolve(hostname);
  if (addresses.length === 0) throw new Error(`${hostname} has no address`);
  for (const { address } of addresses) {
    const verdict = checkAddress(address, policy);
    if (!verdict.ok)
      throw new OutboundRefusedError({
        ...verdict,
        message: `${verdict.message} (${hostname} resolves there)`,
      });
  }
  return addresses;
}

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

function agentFor(policy: OutboundPolicy, resolve: Resolver): Agent {
  return new Agent({
    connect: {
      lookup(hostname: string, options: LookupOptions, callback: LookupCallback) {
        resolveChecked(hostname, policy, resolve).then(
          (addresses) => {
            const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
            const usable = wanted ? addresses.filter((a) => a.family === wanted) : addresses;
            if (options.all) return callback(null, usable);
            const first = usable[0];
            if (!first) return callback(new Error(`${hostname} has no IPv${wanted} address`), '');
            callback(null, first.address, first.family);
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), ''),
        );
      },
    },
  });
}

const agents = new Map<string, Agent>();

function sharedAgent(policy: OutboundPolicy): Agent {
  const key = `${policy.mode}/${policy.addedBy}`;
  let agent = agents.get(key);
  if (!agent) {
    agent = agentFor(policy, systemResolver);
    agents.set(key, agent);
  }
  return agent;
}

function assertAllowed(url: URL, policy: OutboundPolicy): void {
  const verdict = checkUrl(url, policy);
  if (!verdict.ok) throw new OutboundRefusedError(verdict);
}

/** undici reports a failed connect as `TypeError: fetch failed` with the lookup's error as cause. */
function unwrapRefusal(error: unknown): unknown {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    if (current instanceof OutboundRefusedError) return current;
    current = current.cause;
  }
  return error;
}

function nextInit(init: RequestInit, status: number, from: URL, to: URL): RequestInit {
  const method = (init.method ?? 'GET').toUpperCase();
  const toGet = status === 303 ? method !== 'HEAD' : (status === 301 || status === 302) && method === 'POST';
  const next: RequestInit = { ...init };
  if (toGet) {
    next.method = 'GET';
    next.body = null;
  }
  if (from.origin !== to.origin) {
    const headers = new Headers(init.headers);
    headers.delete('authorization');
    headers.delete('cookie');
    headers.delete('proxy-authorization');
    next.headers = headers;
  }
  return next;
}

/**
 * undici's fetch answers with undici's own Response class, not the runtime's: callers that test
 * `instanceof Response` (the MCP SDK does, to read an OAuth error's body) would not recognise it and
 * lose the answer. The same answer as the runtime's Response, its body streamed through, not read.
 */
function globalResponse(response: UndiciResponse): Response {
  const headers = new Headers();
  for (const [name, value] of response.headers) headers.append(name, value);
  if (NULL_BODY_STATUSES.has(response.status) || !response.body) {
    void response.body?.cancel().catch(() => undefined);
    return new Response(null, { status: response.status, statusText: response.statusText, headers });
  }
  // The same class at run time (node:stream/web's, which undici uses); only Node's type declarations
  // of it and the DOM library's differ.
  const body = response.body as ReadableStream<Uint8Array>;
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

export interface GuardOptions {
  /** Injected in tests; the system resolver otherwise. */
  resolve?: Resolver;
}

/** A fetch that goes through the guard for one policy (e.g. the `fetch` option of an MCP transport). */
export function createGuardedFetch(policy: OutboundPolicy, options: GuardOptions = {}): GuardedFetch {
  const dispatcher = options.resolve ? agentFor(policy, options.resolve) : sharedAgent(policy);
  const once = async (url: URL, init: RequestInit): Promise<Response> => {
    assertAllowed(url, policy);
    // Each request its own signal, following the caller's: undici keeps its abort listener until
    // the request is collected, so one transport-wide signal gathered thousands.
    const signal = init.signal ? AbortSignal.any([init.signal]) : undefined;
    try {
      if (takesPlainBody(init.body)) return await fetchViaRequest(url, { ...init, signal }, dispatcher);
      // undici's RequestInit implements the WHATWG one the callers (the MCP SDK) pass.
      const response = await undiciFetch(url, {
        ...(init as Parameters<typeof undiciFetch>[1]),
        ...(signal ? { signal } : {}),
        redirect: 'manual',
        dispatcher,
      });
      return globalResponse(response);
    } catch (error) {
      throw unwrapRefusal(error);
    }
  };
  return async (input, init = {}) => {
    let url = new URL(input);
    let current = init;
    const mode = init.redirect ?? 'follow';
    for (let hop = 0; ; hop++) {
      const response = await once(url, current);
      const location = REDIRECTS.has(response.status) ? response.headers.get('location') : null;
      if (!location || mode === 'manual') return response;
      await response.body?.cancel();
      if (mode === 'error') throw new TypeError(`redirect from ${url.origin} refused (redirect: 'error')`);
      if (hop >= MAX_REDIRECTS)
        throw new TypeError(`more than ${MAX_REDIRECTS} redirects from ${url.origin}`);
      const next = new URL(location, url);
      current = nextInit(current, response.status, url, next);
      url = next;
    }
  };
}

/** One guarded request; see `createGuardedFetch`. */
export function guardedFetch(
  url: string | URL,
  init: RequestInit,
  policy: OutboundPolicy,
): Promise<Response> {
  return createGuardedFetch(policy)(url, init);
}

/** Checks a URL as a connection would (the host, then each resolved address) without connecting. */
export async function checkOutboundUrl(
  url: string,
  policy: OutboundPolicy,
  options: GuardOptions = {},
): Promise<void> {
  const parsing = parseOutboundUrl(url);
  if (!parsing.ok) throw new OutboundRefusedError(parsing);
  const parsed = parsing.url;
  const verdict = checkUrl(parsed, policy);
  if (!verdict.ok) throw new OutboundRefusedError(verdict);
  if (verdict.resolve) await resolveChecked(parsed.hostname, policy, options.resolve);
}
