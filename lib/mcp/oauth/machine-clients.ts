import 'server-only';
import type { FetchLike, OAuthClientProvider } from '@modelcontextprotocol/client';
import { ClientCredentialsProvider, PrivateKeyJwtProvider } from '@modelcontextprotocol/client';
import type { ServerOAuth } from '../server-config';
import { CrossAppAccessProvider } from './cross-app-provider';

const CLIENT_NAME = 'MCPlet Host';

/**
 * The operator's machine-to-machine client for one server (host.config.json), no user sign-in:
 * client credentials with a secret or a private key JWT (the SDK's providers), or SEP-990 cross-app
 * access. Secrets come from the environment only; without them there is no client.
 */
export function machineClient(
  settings: ServerOAuth,
  serverUrl: URL,
  env: Record<string, string | undefined>,
  /** The fetch the identity provider is reached through (endpoint rules, then the outbound guard). */
  idpFetch: FetchLike,
): OAuthClientProvider | undefined {
  if (!settings.clientId) return undefined;
  const secret = settings.clientSecretEnv ? env[settings.clientSecretEnv] : undefined;
  if (settings.grant === 'cross_app_access') {
    const idToken = settings.idp ? env[settings.idp.idTokenEnv] : undefined;
    if (!settings.idp || !secret || !idToken) return undefined;
    return new CrossAppAccessProvider({
      clientId: settings.clientId,
      clientSecret: secret,
      clientName: CLIENT_NAME,
      ...(settings.scope ? { scope: settings.scope } : {}),
      idpTokenEndpoint: new URL(settings.idp.tokenEndpoint),
      idpClientId: settings.idp.clientId,
      idToken,
      serverUrl,
      fetchFn: idpFetch,
    });
  }
  if (settings.grant !== 'client_credentials') return undefined;
  const common = {
    clientId: settings.clientId,
    clientName: CLIENT_NAME,
    ...(settings.scope ? { scope: settings.scope } : {}),
    ...(settings.issuer ? { expectedIssuer: settings.issuer } : {}),
  };
  const key = settings.privateKeyEnv ? env[settings.privateKeyEnv] : undefined;
  if (key)
    return new PrivateKeyJwtProvider({
      ...common,
      privateKey: key,
      algorithm: settings.algorithm ?? 'RS256',
    });
  return secret ? new ClientCredentialsProvider({ ...common, clientSecret: secret }) : undefined;
}
