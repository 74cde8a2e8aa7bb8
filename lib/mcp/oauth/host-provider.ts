import 'server-only';
import { randomBytes } from 'node:crypto';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  OAuthTokens,
} from '@modelcontextprotocol/client';
import type { OutboundPolicy } from '../../net/address-rules';
import { OutboundRefusedError } from '../../net/guard';
import { checkOAuthEndpoint } from '../../net/oauth-endpoint';
import { applicationTypeFor } from './application-type';
import { issuerMatches, MetadataIssuerError } from './metadata-issuer';
import { grantLacks } from './scopes';
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
  /**
   * The scope a step-up needs: what the server's last `403 insufficient_scope` named, or what Connect
   * asks for. While the grant lacks any of it the refresh token is not offered to the SDK, whose
   * `auth()` would refresh instead (a refresh never widens a grant) and take that for done.
   */
  wantedScope?: () => string | undefined;
}

/** A discovery whose metadata names another issuer than the server it was discovered from (metadata-issuer.ts). */
function foreignIssuer(state: OAuthDiscoveryState): MetadataIssuerError | undefined {
  const issuer = state.authorizationServerMetadata?.issuer;
  return issuer !== undefined && !issuerMatches(issuer, state.authorizationServerUrl)
    ? new MetadataIssuerError(state.authorizationServerUrl, issuer)
    : undefined;
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

  /** What dynamic registration sends; `application_type` is OpenID's, which the SDK's type lacks. */
  get clientMetadata(): OAuthClientMetadata & { application_type: 'native' | 'web' } {
    return {
      application_type: applicationTypeFor(this.o.redirectUrl),
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
    const { tokens, requestedScope } = await this.record();
    const wanted = this.o.wantedScope?.();
    if (!tokens?.refresh_token || !wanted || !grantLacks(tokens.scope ?? requestedScope, wanted))
      return tokens;
    const { refresh_token: _r, ...withoutRefresh } = tokens;
    return withoutRefresh;
  }

  /**
   * Tokens from a code exchange keep the scope their authorization asked for (`requestedScope`): the
   * grant when the server reports none (RFC 6749 section 5.1), and part of the next step-up's union.
   * A refresh keeps the one it had.
   */
  async saveTokens(tokens: OAuthTokens): Promise<void> {
    await this.update(({ codeVerifier: _v, pendingState: _s, authorizationUrl, ...r }) => {
      const asked = authorizationUrl ? new URL(authorizationUrl).searchParams.get('scope') : null;
      const requestedScope = asked ?? r.requestedScope;
      return { ...r, tokens, tokensAt: Date.now(), ...(requestedScope ? { requestedScope } : {}) };
    });
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

  /**
   * The SDK saves what it discovered before it uses any endpoint of it: metadata whose issuer is not
   * the authorization server it was discovered from ends the sign-in here (RFC 8414 section 3.3). The
   * host's fetch checks each metadata document too (server-oauth.ts); this sees the discovery whole,
   * a document reached through a redirect included.
   */
  async saveDiscoveryState(discoveryState: OAuthDiscoveryState): Promise<void> {
    const refused = foreignIssuer(discoveryState);
    if (refused) throw refused;
    await this.update((r) => ({ ...r, discoveryState }));
  }

  /** A kept discovery that fails the issuer rule (one saved before the rule) is discovered again. */
  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    const kept = (await this.record()).discoveryState;
    return kept && !foreignIssuer(kept) ? kept : undefined;
  }
}
