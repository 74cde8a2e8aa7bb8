import type { ServerOAuth } from '../lib/mcp/server-config';

/**
 * What an operator would put in host.config.json (and the environment) for a conformance
 * scenario's server: the runner hands client credentials over in MCP_CONFORMANCE_CONTEXT.
 */
export interface ConformanceSettings {
  oauth?: ServerOAuth;
  /** The host's environment: its public origin (https, so it offers its Client ID Metadata Document) and secrets. */
  env: Record<string, string>;
}

/** The suite expects this client id URL (auth/basic-cimd); an operator may publish the document anywhere over https. */
const HOST_ENV = {
  PUBLIC_ORIGIN: 'https://conformance-test.local',
  OAUTH_CLIENT_ID_URL: 'https://conformance-test.local/client-metadata.json',
};

function field(context: Record<string, unknown>, name: string): string {
  const value = context[name];
  if (typeof value !== 'string' || value === '')
    throw new Error(`MCP_CONFORMANCE_CONTEXT has no "${name}" for this scenario`);
  return value;
}

function parseContext(raw: string | undefined): Record<string, unknown> {
  if (!raw) throw new Error('MCP_CONFORMANCE_CONTEXT is not set for a scenario that needs it');
  const parsed: unknown = JSON.parse(raw);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error('MCP_CONFORMANCE_CONTEXT is not a JSON object');
  return parsed as Record<string, unknown>;
}

const SECRET_ENV = 'CONFORMANCE_CLIENT_SECRET';

/** A client with an id and a secret (the secret only in the environment), plus what the grant needs. */
function secretClient(
  context: Record<string, unknown>,
  oauth: Omit<ServerOAuth, 'clientId' | 'clientSecretEnv'>,
  env: Record<string, string> = {},
): ConformanceSettings {
  return {
    oauth: { ...oauth, clientId: field(context, 'client_id'), clientSecretEnv: SECRET_ENV },
    env: { ...HOST_ENV, [SECRET_ENV]: field(context, 'client_secret'), ...env },
  };
}

export function conformanceSettings(scenario: string, rawContext: string | undefined): ConformanceSettings {
  switch (scenario) {
    case 'auth/client-credentials-basic':
      return secretClient(parseContext(rawContext), { grant: 'client_credentials' });
    case 'auth/pre-registration':
      return secretClient(parseContext(rawContext), {});
    case 'auth/cross-app-access-complete-flow': {
      const context = parseContext(rawContext);
      const idp = {
        tokenEndpoint: field(context, 'idp_token_endpoint'),
        clientId: field(context, 'idp_client_id'),
        idTokenEnv: 'CONFORMANCE_ID_TOKEN',
      };
      return secretClient(
        context,
        { grant: 'cross_app_access', idp },
        { CONFORMANCE_ID_TOKEN: field(context, 'idp_id_token') },
      );
    }
    case 'auth/client-credentials-jwt': {
      const context = parseContext(rawContext);
      const algorithm = typeof context.signing_algorithm === 'string' ? context.signing_algorithm : 'ES256';
      if (!['RS256', 'ES256', 'PS256', 'EdDSA'].includes(algorithm))
        throw new Error(`the signing algorithm ${algorithm} is not one the host accepts`);
      return {
        oauth: {
          grant: 'client_credentials',
          clientId: field(context, 'client_id'),
          privateKeyEnv: 'CONFORMANCE_PRIVATE_KEY',
          algorithm: algorithm as NonNullable<ServerOAuth['algorithm']>,
        },
        env: { ...HOST_ENV, CONFORMANCE_PRIVATE_KEY: field(context, 'private_key_pem') },
      };
    }
    default:
      return { env: HOST_ENV };
  }
}

/** Arguments a person would type for a tool: one plain value per required property. */
export function sampleArguments(schema: unknown): Record<string, unknown> {
  if (typeof schema !== 'object' || schema === null) return {};
  const { properties, required } = schema as {
    properties?: Record<string, { type?: unknown }>;
    required?: unknown;
  };
  const args: Record<string, unknown> = {};
  if (!Array.isArray(required) || !properties) return args;
  for (const name of required) {
    if (typeof name !== 'string') continue;
    const type = properties[name]?.type;
    args[name] =
      type === 'number' || type === 'integer' ? 2 : type === 'boolean' ? true : type === 'array' ? [] : 'x';
  }
  return args;
}
