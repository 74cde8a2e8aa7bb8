import 'server-only';
import { randomBytes } from 'node:crypto';
import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { OutboundPolicy } from '../../net/address-rules';
import { OutboundRefusedError } from '../../net/guard';
import { checkOAuthEndpoint } from '../../net/oauth-endpoint';
import type { ServerAuthRecord, ServerAuthStore } from './server-auth-store';

/** A client the operator registered with the server's authorization server (host.config.json). */
export interface PreRegisteredClient {
  clientId: string;
  clientSecret?: string;
  /** The authorization server it was registered with; the SDK presents it to no other. */
  issuer?: string;
}

export interface HostProviderOptions {
  userId: string;
  serverId: string;
  serverUrl: URL;
  policy: OutboundPolicy;
  store: ServerAuthStore;
  /** The host's callback (GET /oauth/callback). */
  redirectUrl: string;
  /** The host's Client ID Metadata Document, when it is served over https (SEP-991). */
  clientMetadataUrl?: string;
  clientName: string;
  scope?: string;
  preRegistered?: PreRegisteredClient;
}

/**
 * The SDK's `OAuthClientProvider` for the authorization-code flow, one user and one server: every
 * piece is read from and written to the store at once (sealed in the database), so a callback
 * handled by another request, or process, finds it. The authorization URL is never followed here:
 * it is kept for the browser, after the endpoint rules (https, no `javascript:` …) pass.
 */
export class HostOAuthProvider implements OAuthClientProvider {
  constructor(private readonly o: HostProviderOptions) {}

  get redirectUrl(): string {
    return this.o.redirectUrl;
  }

  get clientMetadataUrl(): string | undefined {
    return this.o.preRegistered ? undefined : this.o.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.o.clientName,
      redirect_uris: [this.o.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: this.o.preRegistered?.clientSecret ? 'client_secret_basic' : 'none',
      ...(this.o.scope ? { scope: this.o.scope } : {}),
    };
  }

  async record(): Promise<ServerAuthRecord> {
    return (await this.o.store.load(this.o.userId, this.o.serverId)) ?? {};
  }

  async update(change: (record: ServerAuthRecord) => ServerAuthRecord): Promise<void> {
    await this.o.store.save(this.o.userId, this.o.serverId, change(await this.record()));
  }

  async state(): Promise<string> {
    const state = randomBytes(32).toString('base64url');
    await this.update((r) => ({ ...r, pendingState: state }));
    return state;
  }

  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    const saved = (await this.record()).clientInformation;
    const pre = this.o.preRegistered;
    if (!pre) return saved;
    if (saved?.client_id === pre.clientId) return saved;
    return {
      client_id: pre.clientId,
      ...(pre.clientSecret ? { client_secret: pre.clientSecret } : {}),
      ...(pre.issuer ? { issuer: pre.issuer } : {}),
    };
  }

  async saveClientInformation(clientInformation: OAuthClientInformationMixed): Promise<void> {
    await this.update((r) => ({ ...r, clientInformation }));
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    return (await this.record()).tokens;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    await this.update(({ codeVerifier: _v, pendingState: _s, authorizationUrl: _u, ...r }) => ({
      ...r,
      tokens,
      tokensAt: Date.now(),
    }));
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    const verdict = checkOAuthEndpoint(authorizationUrl, this.o.serverUrl, this.o.policy);
    if (!verdict.ok) throw new OutboundRefusedError(verdict);
    // OpenID servers issue a refresh token for offline_access only with prompt=consent.
    const scope = authorizationUrl.searchParams.get('scope')?.split(' ') ?? [];
    if (scope.includes('offline_access') && !authorizationUrl.searchParams.has('prompt'))
      authorizationUrl.searchParams.set('prompt', 'consent');
    await this.update((r) => ({ ...r, authorizationUrl: authorizationUrl.href }));
  }

  async saveCodeVerifier(codeVerifier: string): Promise<void> {
    await this.update((r) => ({ ...r, codeVerifier }));
  }

  async codeVerifier(): Promise<string> {
    const verifier = (await this.record()).codeVerifier;
    if (!verifier) throw new Error('No sign-in is in progress for this server (no PKCE verifier).');
    return verifier;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    if (scope === 'all') {
      await this.o.store.remove(this.o.userId, this.o.serverId);
      return;
    }
    await this.update((r) => {
      const next = { ...r };
      if (scope === 'client') delete next.clientInformation;
      if (scope === 'tokens') {
        delete next.tokens;
        delete next.tokensAt;
      }
      if (scope === 'verifier') delete next.codeVerifier;
      if (scope === 'discovery') delete next.discoveryState;
      return next;
    });
  }

  async saveDiscoveryState(discoveryState: OAuthDiscoveryState): Promise<void> {
    await this.update((r) => ({ ...r, discoveryState }));
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    return (await this.record()).discoveryState;
  }
}
