import Ajv2020 from 'ajv/dist/2020.js';
import type { OverlayMeta } from '../mcplet/admission';
import type { AdmissionMode } from '../mcplet/types';
import { checkHeaders } from './custom-headers';

export type ServerTransport =
  | { type: 'http'; url: string; headers?: Record<string, string> }
  | { type: 'stdio'; command: string[]; env?: Record<string, string>; cwd?: string };

export interface ServerRegistration {
  id: string;
  name: string;
  transport: ServerTransport;
  admission: AdmissionMode;
  overlay?: Record<string, OverlayMeta>;
  /** Longest a tool call may take before the server is treated as unavailable. */
  timeoutMs?: number;
  /**
   * Its `humanInTheLoopHint`s may also lower an annotations-derived confirmation (docs/gates.md).
   * Honoured only in host.config.json, never for a server added over the API.
   */
  trustHints?: boolean;
  /** OAuth client settings; honoured only in host.config.json, never over the API. */
  oauth?: ServerOAuth;
  /**
   * Each user gets a connection of their own (their own MCP session and their own OAuth sign-in),
   * not one shared by everyone. Honoured only in host.config.json.
   */
  perUser?: boolean;
  /** `false`: the server's `instructions` never reach the model (they do by default, marked as the server's). */
  instructions?: boolean;
}

/**
 * An operator's OAuth client for one server. Without it the host registers itself (a Client ID
 * Metadata Document when the host is served over https, else dynamic client registration).
 */
export interface ServerOAuth {
  /**
   * `client_credentials`: a machine-to-machine server, no user sign-in. `cross_app_access`
   * (SEP-990): an enterprise identity provider's ID token, exchanged for the server's access token.
   */
  grant?: 'authorization_code' | 'client_credentials' | 'cross_app_access';
  clientId?: string;
  /** The environment variable holding the client secret (the secret is never in the file). */
  clientSecretEnv?: string;
  /** client_credentials with private_key_jwt: the environment variable holding the PEM key. */
  privateKeyEnv?: string;
  algorithm?: string;
  /** The authorization server the client was registered with; it is presented to no other. */
  issuer?: string;
  scope?: string;
  /** `cross_app_access`: the enterprise identity provider the user's ID token comes from. */
  idp?: IdentityProviderSettings;
}

export interface IdentityProviderSettings {
  /** Its token endpoint (RFC 8693 token exchange). */
  tokenEndpoint: string;
  /** The host's client id at the identity provider. */
  clientId: string;
  /** The environment variable holding the user's ID token. */
  idTokenEnv: string;
}

export type ServerSource = 'config' | 'demo' | 'user';

export interface ServerConfig extends ServerRegistration {
  source: ServerSource;
  /** Who added a `user` server, or whose connection to a `perUser` operator server this is. */
  ownerId?: string;
}

/** One JSON Schema for a server registration, used by host.config.json and by the servers API. */
export const serverRegistrationSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'transport'],
  properties: {
    id: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,19}$' },
    name: { type: 'string', minLength: 1, maxLength: 80 },
    admission: { enum: ['strict', 'overlay', 'annotations'] },
    timeoutMs: { type: 'integer', minimum: 100, maximum: 600_000 },
    trustHints: { type: 'boolean' },
    perUser: { type: 'boolean' },
    instructions: { type: 'boolean' },
    oauth: {
      type: 'object',
      additionalProperties: false,
      properties: {
        grant: { enum: ['authorization_code', 'client_credentials', 'cross_app_access'] },
        clientId: { type: 'string', minLength: 1, maxLength: 2048 },
        clientSecretEnv: { type: 'string', pattern: '^[A-Z_][A-Z0-9_]{0,63}$' },
        privateKeyEnv: { type: 'string', pattern: '^[A-Z_][A-Z0-9_]{0,63}$' },
        algorithm: { enum: ['RS256', 'ES256', 'PS256', 'EdDSA'] },
        issuer: { type: 'string', pattern: '^https?://[^\\s]+$', maxLength: 2048 },
        scope: { type: 'string', maxLength: 1000 },
        idp: {
          type: 'object',
          additionalProperties: false,
          required: ['tokenEndpoint', 'clientId', 'idTokenEnv'],
          properties: {
            tokenEndpoint: { type: 'string', pattern: '^https?://[^\\s]+$', maxLength: 2048 },
            clientId: { type: 'string', minLength: 1, maxLength: 2048 },
            idTokenEnv: { type: 'string', pattern: '^[A-Z_][A-Z0-9_]{0,63}$' },
          },
        },
      },
    },
    overlay: {
      type: 'object',
      propertyNames: { pattern: '^[A-Za-z0-9_.-]{1,128}$' },
      additionalProperties: { type: 'object' },
    },
    transport: {
      oneOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['type', 'url'],
          properties: {
            type: { const: 'http' },
            url: { type: 'string', pattern: '^https?://[^\\s]+$', maxLength: 2048 },
            headers: { type: 'object', maxProperties: 20, additionalProperties: { type: 'string' } },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['type', 'command'],
          properties: {
            type: { const: 'stdio' },
            command: {
              type: 'array',
              minItems: 1,
              maxItems: 64,
              items: { type: 'string', minLength: 1, maxLength: 4096 },
            },
            env: { type: 'object', additionalProperties: { type: 'string' } },
            cwd: { type: 'string' },
          },
        },
      ],
    },
  },
} as const;

const validate = new Ajv2020({ allErrors: false, strict: true }).compile(serverRegistrationSchema);

export type RegistrationParse = { ok: true; registration: ServerRegistration } | { ok: false; error: string };

export function parseRegistration(input: unknown): RegistrationParse {
  if (!validate(input)) {
    const e = validate.errors?.[0];
    const where = e?.instancePath || '(root)';
    const detail =
      e?.keyword === 'pattern' && where === '/id'
        ? 'must start with a lowercase letter and use only a-z, 0-9 and -, at most 20 characters'
        : e?.keyword === 'oneOf'
          ? 'must be {"type":"http","url":...} or {"type":"stdio","command":[...]}'
          : (e?.message ?? 'is invalid');
    return { ok: false, error: `${where} ${detail}` };
  }
  const raw = input as Omit<ServerRegistration, 'admission' | 'name'> & Partial<ServerRegistration>;
  if (raw.transport.type === 'http' && raw.transport.headers) {
    const problem = checkHeaders(raw.transport.headers)[0];
    if (problem) return { ok: false, error: `/transport/headers: ${problem.message}` };
  }
  return {
    ok: true,
    registration: { ...raw, name: raw.name ?? raw.id, admission: raw.admission ?? 'strict' },
  };
}

/** The operator's OAuth settings of a server: only host.config.json may give them. */
export function oauthSettings(config: ServerConfig): ServerOAuth | undefined {
  return config.source === 'config' ? config.oauth : undefined;
}

/** An operator's server every user connects to on their own (`perUser`): only host.config.json says so. */
export function connectsPerUser(config: Pick<ServerConfig, 'source' | 'perUser'>): boolean {
  return config.source === 'config' && config.perUser === true;
}

/**
 * Where the host holds a server: an operator's shared one by its id, a user's by its owner and id
 * (ids are each user's own names), a user's connection to a `perUser` operator
 * server by its id and that user. An id has only a-z, 0-9 and `-`, so the three never meet.
 */
export function connectionKey(config: Pick<ServerConfig, 'id' | 'source' | 'ownerId'>): string {
  if (config.source === 'user') return `${config.ownerId ?? ''}/${config.id}`;
  return config.ownerId === undefined ? config.id : `${config.id}@${config.ownerId}`;
}

/** Whether a server's hints may lower a level: only an operator's host.config.json can say so. */
export function hintsTrusted(config: ServerConfig): boolean {
  return config.trustHints === true && config.source === 'config';
}
