import 'server-only';
import type { FetchLike, OAuthClientProvider } from '@modelcontextprotocol/client';
import {
  auth,
  discoverOAuthServerInfo,
  extractWWWAuthenticateParams,
  OAuthError,
} from '@modelcontextprotocol/client';
import { originsFor } from '../../apps/origins';
import { deploymentMode } from '../../config/deployment';
import { LOCAL_USER_ID } from '../../db/connect';
import type { OutboundPolicy } from '../../net/address-rules';
import { createGuardedFetch, OutboundRefusedError } from '../../net/guard';
import { checkOAuthEndpoint } from '../../net/oauth-endpoint';
import { oauthSettings, type ServerConfig } from '../server-config';
import { clientIdUrl } from './client-id';
import { HostOAuthProvider } from './host-provider';
import { machineClient } from './machine-clients';
import { checkMetadataIssuer } from './metadata-issuer';
import { scopeUnion } from './scopes';
import type { ServerAuthStore } from './server-auth-store';

/** A sign-in that cannot go on; `status` is the HTTP status the route answers. */
export class SignInError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'SignInError';
  }
}

/** What the browser may know of a server's sign-in: never a token, a code or a secret. */
export interface SignInStatus {
  kind: 'none' | 'signed-in' | 'machine';
  scope?: string;
  /** When the access token expires (ms since the epoch), if the server said. */
  expiresAt?: number;
  refreshable?: boolean;
}

export interface ConnectionLike {
  id: string;
  config: ServerConfig;
  outboundPolicy: OutboundPolicy;
  reconnect(): Promise<void>;
}

const SAFE_RETURN = /^\/(?!\/)[A-Za-z0-9/_\-?=&.%]*$/;

/** Where the browser goes back after a sign-in: a path of this host only, never another origin. */
export function safeReturnTo(value: unknown): string {
  return typeof value === 'string' && value.length <= 200 && SAFE_RETURN.test(value) ? value : '/preview';
}

function httpUrl(config: ServerConfig): URL {
  if (config.transport.type !== 'http')
    throw new SignInError(400, `${config.name} is a command (stdio) server: it has no OAuth sign-in.`);
  return new URL(config.transport.url);
}

/**
 * OAuth 2.1 for HTTP servers through the SDK's client auth (`auth()` and the
 * transport's `authProvider`). The host supplies storage (sealed, per user and server), the
 * endpoint rules and the outbound guard; discovery, PKCE, registration, refresh and step-up are
 * the SDK's.
 */
export class ServerOAuthBook {
  /** Machine-to-machine providers keep their tokens in memory; one per server, across reconnects. */
  private readonly machines = new Map<string, OAuthClientProvider>();
  /** What each server's last 401 or 403 asked for (not secret: scope and metadata URL). */
  private readonly challenges = new Map<string, ReturnType<typeof extractWWWAuthenticateParams>>();

  constructor(
    private readonly store: ServerAuthStore,
    private readonly env: Record<string, string | undefined> = process.env,
  ) {}

  /** The user whose sign-in a shared connection uses (per-user connections: hosted mode). */
  credentialsUser(config: ServerConfig): string {
    return config.ownerId ?? LOCAL_USER_ID;
  }

  get callbackUrl(): string {
    return `${originsFor(this.env).host}/oauth/callback`;
  }

  /** SEP-991: a URL client id needs https; over plain http the host registers dynamically. */
  get clientMetadataUrl(): string | undefined {
    return clientIdUrl(this.env);
  }

  /**
   * A connection's requests: with a provider, the endpoint rules and the guard (`fetchFor`); without
   * one, the guard alone. Either way what the server's last 401 or 403 asked for is remembered, so
   * Connect asks for that scope (SEP-835: the challenge's scope; a step-up's wider one).
   */
  fetchForConnection(
    serverUrl: URL,
    policy: OutboundPolicy,
    provider: OAuthClientProvider | undefined,
  ): FetchLike {
    const inner = provider ? this.fetchFor(serverUrl, policy) : createGuardedFetch(policy);
    return async (input, init) => {
      const response = await inner(input, init);
      if ((response.status === 401 || response.status === 403) && new URL(input).href === serverUrl.href) {
        const asked = extractWWWAuthenticateParams(response);
        if (asked.scope || asked.resourceMetadataUrl) this.challenges.set(serverUrl.href, asked);
      }
      return response;
    };
  }

  /** What the server's last 401 or 403 asked for, if it said. */
  askedFor(serverUrl: URL): ReturnType<typeof extractWWWAuthenticateParams> | undefined {
    return this.challenges.get(serverUrl.href);
  }

  /** The scope the server's last `403 insufficient_scope` named: a step-up is pending while the grant lacks it. */
  private stepUpScope(serverUrl: URL): string | undefined {
    const asked = this.challenges.get(serverUrl.href);
    return asked?.error === 'insufficient_scope' ? asked.scope : undefined;
  }

  /**
   * Every request of an OAuth-capable connection: the endpoint rules, then the outbound guard; an
   * authorization server's metadata must name the server it was asked of as its issuer (RFC 8414
   * section 3.3), or the request fails before the SDK reads any endpoint from it. Every provider's
   * discovery goes through here, the operator's machine clients' too.
   */
  fetchFor(serverUrl: URL, policy: OutboundPolicy): FetchLike {
    const guarded = createGuardedFetch(policy);
    return async (input, init) => {
      const url = new URL(input);
      const verdict = checkOAuthEndpoint(url, serverUrl, policy);
      if (!verdict.ok) throw new OutboundRefusedError(verdict);
      return checkMetadataIssuer(url, await guarded(url, init));
    };
  }

  /** The operator's machine client of a server (machine-clients.ts), one per server across reconnects. */
  private machineProvider(config: ServerConfig): OAuthClientProvider | undefined {
    const settings = oauthSettings(config);
    if (!settings || config.transport.type !== 'http') return undefined;
    const known = this.machines.get(config.id);
    if (known) return known;
    const serverUrl = httpUrl(config);
    const provider = machineClient(
      settings,
      serverUrl,
      this.env,
      this.fetchFor(serverUrl, { mode: deploymentMode(), addedBy: 'operator' }),
    );
    if (provider) this.machines.set(config.id, provider);
    return provider;
  }

  providerFor(
    config: ServerConfig,
    userId: string,
    policy: OutboundPolicy,
    /** The scope a step-up needs (HostProviderOptions.wantedScope). */
    wantedScope?: () => string | undefined,
  ): OAuthClientProvider {
    const machine = this.machineProvider(config);
    if (machine) return machine;
    const settings = oauthSettings(config);
    const secret = settings?.clientSecretEnv ? this.env[settings.clientSecretEnv] : undefined;
    return new HostOAuthProvider({
      userId,
      serverId: config.id,
      serverUrl: httpUrl(config),
      policy,
      store: this.store,
      redirectUrl: this.callbackUrl,
      clientMetadataUrl: this.clientMetadataUrl,
      clientName: 'MCPlet Host',
      ...(settings?.scope ? { scope: settings.scope } : {}),
      ...(wantedScope ? { wantedScope } : {}),
      ...(settings?.clientId
        ? {
            preRegistered: {
              clientId: settings.clientId,
              ...(secret ? { clientSecret: secret } : {}),
              ...(settings.issuer ? { issuer: settings.issuer } : {}),
            },
          }
        : {}),
    });
  }

  /**
   * The provider a connection's transport gets: only once there is something to present (tokens,
   * or a machine client). Before that a 401 stops the connection at "Connect": a background
   * connect never registers the host or starts a sign-in on its own.
   */
  async connectionProvider(
    config: ServerConfig,
    policy: OutboundPolicy,
  ): Promise<OAuthClientProvider | undefined> {
    if (config.transport.type !== 'http') return undefined;
    const machine = this.machineProvider(config);
    if (machine) return machine;
    const record = await this.store.load(this.credentialsUser(config), config.id);
    if (!record?.tokens) return undefined;
    const serverUrl = httpUrl(config);
    // A 403 insufficient_scope for a scope the grant lacks: the SDK prepares a new authorization
    // instead of refreshing, and the connection stops at Connect (a refresh could not widen it).
    return this.providerFor(config, this.credentialsUser(config), policy, () => this.stepUpScope(serverUrl));
  }

  /** What the server's 401 asks for (RFC 9728 metadata URL, scope), read without sending a token. */
  private async challenge(serverUrl: URL, fetchFn: FetchLike) {
    try {
      const response = await fetchFn(serverUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 0,
          method: 'initialize',
          params: {
            protocolVersion: '2025-11-25',
            capabilities: {},
            clientInfo: { name: 'mcplet-host', version: '0.1.0' },
          },
        }),
      });
      await response.body?.cancel();
      return response.status === 401 || response.status === 403 ? extractWWWAuthenticateParams(response) : {};
    } catch (error) {
      if (error instanceof OutboundRefusedError) throw new SignInError(400, error.message);
      return {};
    }
  }

  /**
   * The user pressed Connect: discovery, registration and the authorization URL (the SDK's
   * `auth()`); a machine client, or tokens that can be refreshed, connect without a browser.
   */
  async start(
    connection: ConnectionLike,
    userId: string,
    returnTo: string,
  ): Promise<{ kind: 'connected' } | { kind: 'redirect'; url: string }> {
    const { config } = connection;
    if (userId !== this.credentialsUser(config)) throw new SignInError(403, notTheirs(config, 'sign in to'));
    const serverUrl = httpUrl(config);
    const fetchFn = this.fetchFor(serverUrl, connection.outboundPolicy);
    let wanted: string | undefined;
    const provider = this.providerFor(config, userId, connection.outboundPolicy, () => wanted);
    if (provider instanceof HostOAuthProvider)
      await provider.update(({ authorizationUrl: _u, ...r }) => ({ ...r, returnTo: safeReturnTo(returnTo) }));
    const { resourceMetadataUrl, scope: asked } =
      this.askedFor(serverUrl) ?? (await this.challenge(serverUrl, fetchFn));
    let result: 'AUTHORIZED' | 'REDIRECT';
    try {
      const info = await discoverOAuthServerInfo(serverUrl, { resourceMetadataUrl, fetchFn });
      if (provider instanceof HostOAuthProvider)
        await provider.saveDiscoveryState({
          ...info,
          ...(resourceMetadataUrl ? { resourceMetadataUrl: resourceMetadataUrl.href } : {}),
        });
      // Step-up: what the server asks for now, with every scope held or asked for before (scopes.ts).
      const before = provider instanceof HostOAuthProvider ? await provider.record() : {};
      const scope = withOfflineAccess(
        scopeUnion(
          before.tokens?.scope,
          before.requestedScope,
          asked ?? info.resourceMetadata?.scopes_supported?.join(' '),
        ),
        info.authorizationServerMetadata?.scopes_supported,
      );
      // Tokens that can be refreshed connect without a browser, unless the grant lacks a scope asked for.
      wanted = scope;
      result = await auth(provider, { serverUrl, fetchFn, resourceMetadataUrl, scope });
    } catch (error) {
      throw new SignInError(502, `Signing in to ${config.name} failed: ${signInErrorText(error)}`);
    }
    if (result === 'AUTHORIZED') {
      await connection.reconnect();
      return { kind: 'connected' };
    }
    const url =
      provider instanceof HostOAuthProvider ? (await provider.record()).authorizationUrl : undefined;
    if (!url) throw new SignInError(502, `${config.name} gave no authorization URL.`);
    return { kind: 'redirect', url };
  }

  /**
   * GET /oauth/callback: the `state` names the user and server; RFC 9207 `iss` must be the
   * issuer discovered; the code is exchanged with its PKCE verifier by the SDK. One use only.
   */
  async finish(
    userId: string,
    params: URLSearchParams,
    connectionOf: (serverId: string) => ConnectionLike | undefined,
  ): Promise<{ serverId: string; returnTo: string; error?: string }> {
    const state = params.get('state') ?? '';
    const owner = state ? await this.store.byState(state) : undefined;
    if (!owner || owner.userId !== userId)
      throw new SignInError(400, 'This sign-in is unknown, was already used, or belongs to someone else.');
    const connection = connectionOf(owner.serverId);
    if (!connection) throw new SignInError(404, 'The server of this sign-in is no longer added.');
    const provider = this.providerFor(connection.config, userId, connection.outboundPolicy);
    if (!(provider instanceof HostOAuthProvider))
      throw new SignInError(400, 'This server signs in without a browser.');
    const record = await provider.record();
    const returnTo = safeReturnTo(record.returnTo);
    const spend = () =>
      provider.update(({ pendingState: _s, authorizationUrl: _u, codeVerifier: _v, ...r }) => r);
    const refused = params.get('error');
    if (refused) {
      await spend();
      return {
        serverId: owner.serverId,
        returnTo,
        error: `The authorization server answered "${refused.slice(0, 80)}".`,
      };
    }
    const iss = params.get('iss');
    const metadata = record.discoveryState?.authorizationServerMetadata;
    const issRequired =
      metadata !== undefined &&
      'authorization_response_iss_parameter_supported' in metadata &&
      metadata.authorization_response_iss_parameter_supported === true;
    if ((iss !== null && iss !== metadata?.issuer) || (iss === null && issRequired)) {
      await spend();
      return {
        serverId: owner.serverId,
        returnTo,
        error:
          'The answer did not come from the authorization server the sign-in started with (RFC 9207 iss).',
      };
    }
    const code = params.get('code');
    if (!code) {
      await spend();
      return { serverId: owner.serverId, returnTo, error: 'The authorization server sent no code.' };
    }
    const serverUrl = httpUrl(connection.config);
    try {
      await auth(provider, {
        serverUrl,
        authorizationCode: code,
        // Checked above already; the SDK checks it again against the metadata it recorded.
        ...(iss !== null ? { iss } : {}),
        fetchFn: this.fetchFor(serverUrl, connection.outboundPolicy),
      });
    } catch (error) {
      await spend();
      return {
        serverId: owner.serverId,
        returnTo,
        error: `The code could not be exchanged: ${signInErrorText(error)}`,
      };
    }
    await connection.reconnect();
    return { serverId: owner.serverId, returnTo };
  }

  /** Disconnect: the host forgets the user's tokens for the server; the connection asks to sign in again. */
  async signOut(connection: ConnectionLike, userId: string): Promise<void> {
    if (userId !== this.credentialsUser(connection.config))
      throw new SignInError(403, notTheirs(connection.config, 'disconnect'));
    this.machines.delete(connection.id);
    if (connection.config.transport.type === 'http')
      this.challenges.delete(new URL(connection.config.transport.url).href);
    await this.store.remove(userId, connection.id);
    await connection.reconnect();
  }

  async status(config: ServerConfig, userId: string): Promise<SignInStatus> {
    if (this.machineProvider(config)) return { kind: 'machine' };
    if (config.transport.type !== 'http' || userId !== this.credentialsUser(config)) return { kind: 'none' };
    const record = await this.store.load(userId, config.id).catch(() => undefined);
    const tokens = record?.tokens;
    if (!tokens) return { kind: 'none' };
    return {
      kind: 'signed-in',
      ...(tokens.scope ? { scope: tokens.scope } : {}),
      ...(tokens.expires_in && record.tokensAt
        ? { expiresAt: record.tokensAt + tokens.expires_in * 1000 }
        : {}),
      refreshable: Boolean(tokens.refresh_token),
    };
  }
}

/** Why a user may not sign in to (or disconnect) a server whose sign-in is not theirs. */
function notTheirs(config: ServerConfig, what: string): string {
  if (config.source === 'user') return `Only the user who added ${config.name} can ${what} it.`;
  if (config.ownerId !== undefined) return `This connection to ${config.name} is another user's.`;
  return `${config.name} is one connection shared by every user of this host: its operator signs it in (client credentials), or gives each user a connection of their own ("perUser" in host.config.json).`;
}

/**
 * A refresh token keeps the user signed in: ask for `offline_access` where the authorization server
 * lists it. The one scope is used for registration and authorization alike (the SDK's rule).
 */
export function withOfflineAccess(
  scope: string | undefined,
  supported: readonly string[] = [],
): string | undefined {
  if (!supported.includes('offline_access')) return scope;
  const scopes = scope?.split(' ').filter(Boolean) ?? [];
  return scopes.includes('offline_access') ? scopes.join(' ') : [...scopes, 'offline_access'].join(' ');
}

/**
 * An OAuth failure for the user: the error's own words (no tokens are ever in them), one line. An
 * authorization server's error answer (the SDK's OAuthError) keeps its `error` code before its
 * `error_description`: `invalid_grant: the code has expired`.
 */
function signInErrorText(error: unknown): string {
  if (
    error instanceof Error &&
    (error.name === 'ZodError' || error.name === '$ZodError') &&
    'issues' in error
  ) {
    const issues = Array.isArray(error.issues)
      ? (error.issues as Array<{ path?: unknown[]; message?: string }>)
      : [];
    const first = issues[0];
    return `the authorization server's metadata is invalid${first ? ` (${(first.path ?? []).join('.')}: ${first.message})` : ''}`;
  }
  const text =
    error instanceof OAuthError
      ? [error.code, error.message].filter(Boolean).join(': ')
      : error instanceof Error
        ? error.message
        : String(error);
  const line = text.split('\n')[0] ?? '';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
