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
    id: {
      type: 'string',
      pattern: '^[a-z][a-z0-9-]{0,19}$',
      description:
        '`a-z`, `0-9`, `-`, at most 20 characters; prefixes the names the model sees (`<id>__<tool>`).',
    },
    name: { type: 'string', minLength: 1, maxLength: 80, description: 'The name people see; unset, the id.' },
    admission: {
      enum: ['strict', 'overlay', 'annotations'],
      default: 'strict',
      description:
        'Tools without MCPlet metadata: `strict` rejects them, `annotations` derives it from MCP annotations, `overlay` takes it from `overlay`.',
    },
    timeoutMs: {
      type: 'integer',
      minimum: 100,
      maximum: 600_000,
      default: 30_000,
      description: 'Longest a tool call may take before the server counts as unavailable.',
    },
    trustHints: {
      type: 'boolean',
      default: false,
      description:
        'Its `humanInTheLoopHint`s may also lower an annotations-derived confirmation (never below MCPlet `action`/`auth`).',
    },
    perUser: {
      type: 'boolean',
      default: false,
      description:
        'Each user gets a connection of their own (own MCP session, OAuth sign-in and view origin), opened on first use, closed after 30 minutes unused.',
    },
    instructions: {
      type: 'boolean',
      default: true,
      description:
        '`false`: the server’s MCP `instructions` never reach the model (else they do, attributed and cleaned).',
    },
    oauth: {
      type: 'object',
      additionalProperties: false,
      description:
        'The operator’s OAuth client for the server; unset, the host registers itself on Connect ([oauth.md](oauth.md)).',
      properties: {
        grant: {
          enum: ['authorization_code', 'client_credentials', 'cross_app_access'],
          default: 'authorization_code',
          description:
            'How tokens are got: a user’s sign-in, the operator’s client credentials, or an enterprise IdP (SEP-990).',
        },
        clientId: {
          type: 'string',
          minLength: 1,
          maxLength: 2048,
          description: 'The client id registered with the authorization server.',
        },
        clientSecretEnv: {
          type: 'string',
          pattern: '^[A-Z_][A-Z0-9_]{0,63}$',
          description: 'The environment variable holding the client secret (never the secret itself).',
        },
        privateKeyEnv: {
          type: 'string',
          pattern: '^[A-Z_][A-Z0-9_]{0,63}$',
          description:
            '`client_credentials` with `private_key_jwt`: the environment variable holding the PEM key.',
        },
        algorithm: {
          enum: ['RS256', 'ES256', 'PS256', 'EdDSA'],
          description: 'The signing algorithm of that private key.',
        },
        issuer: {
          type: 'string',
          pattern: '^https?://[^\\s]+$',
          maxLength: 2048,
          description:
            'The authorization server the client was registered with; it is presented to no other.',
        },
        scope: { type: 'string', maxLength: 1000, description: 'The scope to ask for; unset, the server’s.' },
        idp: {
          type: 'object',
          additionalProperties: false,
          required: ['tokenEndpoint', 'clientId', 'idTokenEnv'],
          description: '`cross_app_access`: the enterprise identity provider the user’s ID token comes from.',
          properties: {
            tokenEndpoint: {
              type: 'string',
              pattern: '^https?://[^\\s]+$',
              maxLength: 2048,
              description: 'Its token endpoint (RFC 8693 token exchange).',
            },
            clientId: {
              type: 'string',
              minLength: 1,
              maxLength: 2048,
              description: 'The host’s client id at the identity provider.',
            },
            idTokenEnv: {
              type: 'string',
              pattern: '^[A-Z_][A-Z0-9_]{0,63}$',
              description: 'The environment variable holding the user’s ID token.',
            },
          },
        },
      },
    },
    overlay: {
      type: 'object',
      propertyNames: { pattern: '^[A-Za-z0-9_.-]{1,128}$' },
      additionalProperties: { type: 'object' },
      description:
        'Tool name → `_meta` fields (`mcpletType`, `visibility`, `auth`, `pool`, `ui`); the server’s own metadata wins.',
    },
    transport: {
      description:
        'How to reach the server: `{ "type": "http", "url", "headers"? }` or `{ "type": "stdio", "command": [argv…], "env"?, "cwd"? }`.',
      oneOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['type', 'url'],
          description: 'Streamable HTTP, falling back to SSE.',
          properties: {
            type: { const: 'http', description: '`http`' },
            url: {
              type: 'string',
              pattern: '^https?://[^\\s]+$',
              maxLength: 2048,
              description: 'The server’s MCP endpoint.',
            },
            headers: {
              type: 'object',
              maxProperties: 20,
              additionalProperties: { type: 'string' },
              description: 'Headers of your own (an API key header, say), kept as secrets.',
            },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['type', 'command'],
          description:
            'A command the host runs (never through a shell): the operator’s; the preview adds one only in local mode, after you confirm its argv.',
          properties: {
            type: { const: 'stdio', description: '`stdio`' },
            command: {
              type: 'array',
              minItems: 1,
              maxItems: 64,
              items: { type: 'string', minLength: 1, maxLength: 4096 },
              description: 'The program and its arguments.',
            },
            env: {
              type: 'object',
              additionalProperties: { type: 'string' },
              description: 'Environment variables of the command.',
            },
            cwd: { type: 'string', description: 'Its working directory.' },
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
