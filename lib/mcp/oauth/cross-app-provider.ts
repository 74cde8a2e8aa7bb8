import 'server-only';
import type {
  FetchLike,
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  OAuthTokens,
} from '@modelcontextprotocol/client';

const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const ID_TOKEN = 'urn:ietf:params:oauth:token-type:id_token';
const ID_JAG = 'urn:ietf:params:oauth:token-type:id-jag';

export interface CrossAppAccessOptions {
  /** The host's client at the MCP server's authorization server (client_secret_basic). */
  clientId: string;
  clientSecret: string;
  clientName: string;
  scope?: string;
  /** The enterprise identity provider: its token endpoint, the host's client there, the user's ID token. */
  idpTokenEndpoint: URL;
  idpClientId: string;
  idToken: string;
  serverUrl: URL;
  /** The fetch the identity provider is reached through (the endpoint rules, then the outbound guard). */
  fetchFn: FetchLike;
}

/**
 * SEP-990 (enterprise-managed authorization, an MCP authorization extension): no browser. The
 * user's ID token from the enterprise identity provider is exchanged there (RFC 8693) for an
 * identity assertion grant (ID-JAG) naming the MCP server's authorization server and resource;
 * that grant is then presented to the authorization server (RFC 7523 jwt-bearer) for an access
 * token. Discovery, client authentication and the token request itself are the SDK's `auth()`.
 */
export class CrossAppAccessProvider implements OAuthClientProvider {
  private discovered?: OAuthDiscoveryState;
  private client: OAuthClientInformationMixed;
  private saved?: OAuthTokens;

  constructor(private readonly o: CrossAppAccessOptions) {
    this.client = { client_id: o.clientId, client_secret: o.clientSecret };
  }

  /** No redirect: the SDK runs the non-interactive token request. */
  get redirectUrl(): undefined {
    return undefined;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.o.clientName,
      redirect_uris: [],
      grant_types: [JWT_BEARER],
      token_endpoint_auth_method: 'client_secret_basic',
      ...(this.o.scope ? { scope: this.o.scope } : {}),
    };
  }

  clientInformation(): OAuthClientInformationMixed {
    return this.client;
  }

  saveClientInformation(information: OAuthClientInformationMixed): void {
    this.client = information;
  }

  tokens(): OAuthTokens | undefined {
    return this.saved;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.saved = tokens;
  }

  redirectToAuthorization(): void {
    throw new Error('an enterprise-managed sign-in has no browser step');
  }

  saveCodeVerifier(): void {}

  codeVerifier(): string {
    throw new Error('an enterprise-managed sign-in has no PKCE verifier');
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovered = state;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovered;
  }

  async prepareTokenRequest(scope?: string): Promise<URLSearchParams> {
    const audience = this.discovered?.authorizationServerMetadata?.issuer;
    if (!audience) throw new Error('the authorization server was not discovered before the token request');
    const resource = this.discovered?.resourceMetadata?.resource ?? this.o.serverUrl.href;
    const exchange = new URLSearchParams({
      grant_type: TOKEN_EXCHANGE,
      requested_token_type: ID_JAG,
      audience,
      resource,
      subject_token: this.o.idToken,
      subject_token_type: ID_TOKEN,
      client_id: this.o.idpClientId,
      ...(scope ? { scope } : {}),
    });
    const response = await this.o.fetchFn(this.o.idpTokenEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: exchange,
    });
    const body: unknown = await response.json().catch(() => undefined);
    const grant =
      typeof body === 'object' && body !== null && 'access_token' in body ? body.access_token : undefined;
    if (!response.ok || typeof grant !== 'string') {
      const error =
        typeof body === 'object' && body !== null && 'error' in body ? String(body.error).slice(0, 80) : '';
      throw new Error(
        `the identity provider refused the token exchange (HTTP ${response.status}${error ? `, ${error}` : ''})`,
      );
    }
    return new URLSearchParams({ grant_type: JWT_BEARER, assertion: grant, ...(scope ? { scope } : {}) });
  }
}
