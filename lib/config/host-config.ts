import Ajv2020, { type ErrorObject } from 'ajv/dist/2020.js';
import { type ServerRegistration, serverRegistrationSchema } from '../mcp/server-config';
import { CHAT_MODES, type ChatMode } from '../mcplet/chat-mode';
import { DEFAULT_TRUST_POLICY, type TrustPolicyConfig } from '../mcplet/trust-escalation';
import {
  type CredentialConfig,
  credentialPatterns,
  ENABLEABLE_CREDENTIAL_PATTERN_NAMES,
} from '../trust/credentials';

export interface HostConfig {
  chat: {
    /** Chat mode for new conversations (spec 12.1). */
    defaultMode: ChatMode;
    /** Upper bound on model steps (tool round trips) in one turn. */
    maxSteps: number;
    /** Whether a conversation's title is asked of its model after the first reply, for users who have not chosen. */
    generateTitles: boolean;
  };
  models: {
    /** `provider:model` id picked when the user has not chosen one. */
    default?: string;
  };
  /** MCP servers registered by the operator. */
  servers: ServerRegistration[];
  /** Register the demo MCPlet servers of `servers/` (local mode). */
  demoServers: boolean;
  /** 5.3.3 pool registry: pool name → pool-level policy. */
  pools: Record<string, { description?: string }>;
  /** 10.4: the derived result channel; the allowlist comes from here only. */
  derivedResults: { allowlist: string[]; maxBytes?: number; maxTtlSeconds?: number; ratePerMinute: number };
  /** Credential formats withheld from the model in every output (all built-in ones by default). */
  sensitiveOutput: { credentialPatterns: CredentialConfig };
  /** 11.2 step 4: display modes for tools whose metadata names none. */
  displayModes: {
    default?: 'inline' | 'fullscreen' | 'pip';
    tools: Record<string, 'inline' | 'fullscreen' | 'pip'>;
  };
  /** Which SEP trust rules raise a gate or mark results untrusted (docs/gates.md); all on by default. */
  trustPolicy: TrustPolicyConfig;
  /** Hosted mode: whether anyone may create an account, or only with an operator's invitation. */
  auth: { signUp: 'open' | 'invitation' };
  /**
   * Per-user limits in hosted mode (429 with Retry-After beyond them). In every mode:
   * sampling requests a minute per user and server (MCP 2025-11-25 "Sampling": rate limiting).
   */
  limits: { chatTurnsPerMinute: number; toolCallsPerMinute: number; samplingPerServerPerMinute: number };
}

export const DEFAULT_HOST_CONFIG: HostConfig = {
  chat: { defaultMode: 'normal', maxSteps: 6, generateTitles: true },
  models: {},
  servers: [],
  demoServers: true,
  pools: {},
  displayModes: { tools: {} },
  sensitiveOutput: { credentialPatterns: {} },
  derivedResults: { allowlist: ['restaurant/search_restaurants'], ratePerMinute: 20 },
  trustPolicy: { ...DEFAULT_TRUST_POLICY },
  auth: { signUp: 'invitation' },
  limits: { chatTurnsPerMinute: 20, toolCallsPerMinute: 60, samplingPerServerPerMinute: 10 },
};

export const hostConfigSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    chat: {
      type: 'object',
      additionalProperties: false,
      properties: {
        defaultMode: { enum: [...CHAT_MODES] },
        maxSteps: { type: 'integer', minimum: 1, maximum: 20 },
        generateTitles: { type: 'boolean' },
      },
    },
    models: {
      type: 'object',
      additionalProperties: false,
      properties: { default: { type: 'string', minLength: 3, pattern: '^[a-z0-9-]+:.+$' } },
    },
    servers: { type: 'array', maxItems: 100, items: serverRegistrationSchema },
    demoServers: { type: 'boolean' },
    derivedResults: {
      type: 'object',
      additionalProperties: false,
      properties: {
        allowlist: {
          type: 'array',
          maxItems: 200,
          items: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,19}/[A-Za-z0-9_.-]{1,128}$' },
        },
        maxBytes: { type: 'integer', minimum: 1, maximum: 1048576 },
        maxTtlSeconds: { type: 'integer', minimum: 1, maximum: 30 },
        ratePerMinute: { type: 'integer', minimum: 1, maximum: 600 },
      },
    },
    sensitiveOutput: {
      type: 'object',
      additionalProperties: false,
      properties: {
        credentialPatterns: {
          type: 'object',
          additionalProperties: false,
          properties: {
            enabled: {
              type: 'array',
              maxItems: 100,
              uniqueItems: true,
              items: { enum: [...ENABLEABLE_CREDENTIAL_PATTERN_NAMES] },
            },
            extra: {
              type: 'array',
              maxItems: 100,
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['name', 'pattern', 'reason'],
                properties: {
                  name: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,63}$' },
                  pattern: { type: 'string', minLength: 1, maxLength: 2000 },
                  reason: { type: 'string', minLength: 1, maxLength: 200 },
                  flags: { type: 'string', pattern: '^[imsu]*$' },
                },
              },
            },
          },
        },
      },
    },
    displayModes: {
      type: 'object',
      additionalProperties: false,
      properties: {
        default: { enum: ['inline', 'fullscreen', 'pip'] },
        tools: {
          type: 'object',
          propertyNames: { pattern: '^[a-z][a-z0-9-]{0,19}/[A-Za-z0-9_.-]{1,128}$' },
          additionalProperties: { enum: ['inline', 'fullscreen', 'pip'] },
        },
      },
    },
    auth: {
      type: 'object',
      additionalProperties: false,
      properties: { signUp: { enum: ['open', 'invitation'] } },
    },
    limits: {
      type: 'object',
      additionalProperties: false,
      properties: {
        chatTurnsPerMinute: { type: 'integer', minimum: 1, maximum: 10000 },
        toolCallsPerMinute: { type: 'integer', minimum: 1, maximum: 10000 },
        samplingPerServerPerMinute: { type: 'integer', minimum: 1, maximum: 10000 },
      },
    },
    trustPolicy: {
      type: 'object',
      additionalProperties: false,
      properties: {
        publicDestination: { type: 'boolean' },
        irreversible: { type: 'boolean' },
        maliciousActivity: { type: 'boolean' },
        untrustedSource: { type: 'boolean' },
        acceptedSensitivity: { type: 'boolean' },
      },
    },
    pools: {
      type: 'object',
      propertyNames: { pattern: '^[A-Za-z0-9_.-]{1,100}$' },
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        properties: { description: { type: 'string' } },
      },
    },
  },
} as const;

const validate = new Ajv2020({ allErrors: true, strict: true }).compile(hostConfigSchema);

export type ParseResult = { ok: true; config: HostConfig } | { ok: false; errors: string[] };

function describe(error: ErrorObject): string {
  const field = error.instancePath || '(root)';
  if (error.keyword === 'additionalProperties') {
    const extra = (error.params as { additionalProperty: string }).additionalProperty;
    return `${field === '(root)' ? '' : field}/${extra}: unknown field`;
  }
  if (error.keyword === 'enum') {
    const allowed = (error.params as { allowedValues: unknown[] }).allowedValues;
    return `${field}: must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`;
  }
  return `${field}: ${error.message ?? 'is invalid'}`;
}

export function parseHostConfig(input: unknown): ParseResult {
  if (!validate(input)) {
    return { ok: false, errors: (validate.errors ?? []).map(describe) };
  }
  const raw = input as Partial<Omit<HostConfig, 'chat'> & { chat: Partial<HostConfig['chat']> }>;
  const servers = (raw.servers ?? []).map((s) => ({
    ...s,
    name: s.name ?? s.id,
    admission: s.admission ?? 'strict',
  }));
  const ids = servers.map((s) => s.id);
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
  if (duplicate) return { ok: false, errors: [`/servers: the id "${duplicate}" is used twice`] };
  const credentials = raw.sensitiveOutput?.credentialPatterns ?? {};
  try {
    credentialPatterns(credentials);
  } catch (error) {
    return { ok: false, errors: [`/sensitiveOutput/credentialPatterns: ${(error as Error).message}`] };
  }
  return {
    ok: true,
    config: {
      chat: { ...DEFAULT_HOST_CONFIG.chat, ...raw.chat },
      models: { ...DEFAULT_HOST_CONFIG.models, ...raw.models },
      servers,
      demoServers: raw.demoServers ?? DEFAULT_HOST_CONFIG.demoServers,
      pools: raw.pools ?? {},
      displayModes: { ...raw.displayModes, tools: raw.displayModes?.tools ?? {} },
      sensitiveOutput: { credentialPatterns: credentials },
      derivedResults: {
        ...raw.derivedResults,
        // The default allowlist names a demo tool, so it applies only while the demo servers run.
        allowlist:
          raw.derivedResults?.allowlist ??
          ((raw.demoServers ?? DEFAULT_HOST_CONFIG.demoServers)
            ? DEFAULT_HOST_CONFIG.derivedResults.allowlist
            : []),
        ratePerMinute: raw.derivedResults?.ratePerMinute ?? DEFAULT_HOST_CONFIG.derivedResults.ratePerMinute,
      },
      trustPolicy: { ...DEFAULT_TRUST_POLICY, ...raw.trustPolicy },
      auth: { ...DEFAULT_HOST_CONFIG.auth, ...raw.auth },
      limits: { ...DEFAULT_HOST_CONFIG.limits, ...raw.limits },
    },
  };
}
