import Ajv2020, { type ErrorObject } from 'ajv/dist/2020.js';
import {
  type AttachmentLimits,
  DEFAULT_ATTACHMENT_LIMITS,
  MAX_ATTACHMENT_BYTES,
  MEDIA_TYPE_PATTERN,
} from '../chat/attachment-rules';
import { type ServerRegistration, serverRegistrationSchema } from '../mcp/server-config';
import { CHAT_MODES, type ChatMode } from '../mcplet/chat-mode';
import { MAX_PAYLOAD_BYTES, MAX_TTL_SECONDS } from '../mcplet/derived-result';
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
    /**
     * The media types each model takes in a user's attachment (`provider:model` → types, `image/*`
     * for every image), over its provider's default (lib/llm/model-inputs.ts). Text files need none.
     */
    inputs: Record<string, string[]>;
  };
  /** Files a user attaches to a message: the server enforces these (lib/llm/attachment-intake.ts). */
  attachments: AttachmentLimits;
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
  models: { inputs: {} },
  attachments: DEFAULT_ATTACHMENT_LIMITS,
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
    $schema: { type: 'string', description: 'A JSON Schema for editors; the host ignores it.' },
    chat: {
      type: 'object',
      additionalProperties: false,
      description: 'How conversations run.',
      properties: {
        defaultMode: {
          enum: [...CHAT_MODES],
          default: DEFAULT_HOST_CONFIG.chat.defaultMode,
          description: 'Chat mode of new conversations: `normal` or `tool-only` (spec 12).',
        },
        maxSteps: {
          type: 'integer',
          minimum: 1,
          maximum: 20,
          default: DEFAULT_HOST_CONFIG.chat.maxSteps,
          description: 'Most model steps (tool round trips) in one turn.',
        },
        generateTitles: {
          type: 'boolean',
          default: DEFAULT_HOST_CONFIG.chat.generateTitles,
          description:
            "Whether a conversation's model titles it after the first reply, for users who have not chosen.",
        },
      },
    },
    models: {
      type: 'object',
      additionalProperties: false,
      description: 'Which model a conversation starts with.',
      properties: {
        default: {
          type: 'string',
          minLength: 3,
          pattern: '^[a-z0-9-]+:.+$',
          description:
            '`provider:model` id picked when the user has not chosen one; unset, the first listed.',
        },
        inputs: {
          type: 'object',
          propertyNames: { pattern: '^[a-z0-9-]+:.+$' },
          additionalProperties: {
            type: 'array',
            maxItems: 50,
            uniqueItems: true,
            items: { type: 'string', pattern: MEDIA_TYPE_PATTERN },
          },
          default: DEFAULT_HOST_CONFIG.models.inputs,
          description: "Per model id, the media types it takes in an attachment (beyond its provider's own).",
        },
      },
    },
    attachments: {
      type: 'object',
      additionalProperties: false,
      description:
        'What people may attach to a message (the server enforces it; the composer says so first).',
      properties: {
        maxBytes: {
          type: 'integer',
          minimum: 1,
          maximum: MAX_ATTACHMENT_BYTES,
          default: DEFAULT_ATTACHMENT_LIMITS.maxBytes,
          description: 'Largest attached file in bytes.',
        },
        maxFiles: {
          type: 'integer',
          minimum: 0,
          maximum: 20,
          default: DEFAULT_ATTACHMENT_LIMITS.maxFiles,
          description: 'Most files on one message; 0 turns attachments off.',
        },
        types: {
          type: 'array',
          maxItems: 100,
          uniqueItems: true,
          items: { type: 'string', pattern: MEDIA_TYPE_PATTERN },
          description:
            'Media types people may attach; `image/*` takes every image type. Unset: PNG, JPEG, GIF, WebP, PDF and common text types.',
        },
      },
    },
    servers: {
      type: 'array',
      maxItems: 100,
      items: serverRegistrationSchema,
      default: DEFAULT_HOST_CONFIG.servers,
      description: 'MCP servers to connect at start, shared by every user (each one: `servers[]` below).',
    },
    demoServers: {
      type: 'boolean',
      default: DEFAULT_HOST_CONFIG.demoServers,
      description: 'Start and register the demo MCPlet servers of `servers/` (restaurant, vault).',
    },
    derivedResults: {
      type: 'object',
      additionalProperties: false,
      description: 'The derived result channel (spec 10; [derived-results.md](derived-results.md)).',
      properties: {
        allowlist: {
          type: 'array',
          maxItems: 200,
          items: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,19}/[A-Za-z0-9_.-]{1,128}$' },
          default: DEFAULT_HOST_CONFIG.derivedResults.allowlist,
          description:
            'Tools (`"<server id>/<tool>"`) the model may push derived results into (spec 10.4); `[]` without the demo servers. The model cannot extend it.',
        },
        maxBytes: {
          type: 'integer',
          minimum: 1,
          maximum: 1048576,
          default: MAX_PAYLOAD_BYTES,
          description: 'Largest derived result in bytes; may be lower, never higher.',
        },
        maxTtlSeconds: {
          type: 'integer',
          minimum: 1,
          maximum: 30,
          default: MAX_TTL_SECONDS,
          description:
            'Longest a derived result may wait for a view; a longer request is refused, not clamped.',
        },
        ratePerMinute: {
          type: 'integer',
          minimum: 1,
          maximum: 600,
          default: DEFAULT_HOST_CONFIG.derivedResults.ratePerMinute,
          description: 'Derived results per conversation per minute (spec 16.5).',
        },
      },
    },
    sensitiveOutput: {
      type: 'object',
      additionalProperties: false,
      description: 'Credentials withheld from the model ([sensitive-output.md](sensitive-output.md)).',
      properties: {
        credentialPatterns: {
          type: 'object',
          additionalProperties: false,
          default: DEFAULT_HOST_CONFIG.sensitiveOutput.credentialPatterns,
          description:
            'Which credential formats are withheld: every built-in one unless `enabled` names fewer.',
          properties: {
            enabled: {
              type: 'array',
              maxItems: 100,
              uniqueItems: true,
              items: { enum: [...ENABLEABLE_CREDENTIAL_PATTERN_NAMES] },
              description: 'The built-in formats to withhold, by name; unset, all of them.',
            },
            extra: {
              type: 'array',
              maxItems: 100,
              default: [],
              description: 'Formats of your own, each `{ name, pattern, reason, flags? }`.',
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['name', 'pattern', 'reason'],
                properties: {
                  name: {
                    type: 'string',
                    pattern: '^[a-z0-9][a-z0-9-]{0,63}$',
                    description: 'Its name in the withheld notice and the logs.',
                  },
                  pattern: {
                    type: 'string',
                    minLength: 1,
                    maxLength: 2000,
                    description: 'A regular expression matching the credential.',
                  },
                  reason: {
                    type: 'string',
                    minLength: 1,
                    maxLength: 200,
                    description: 'Why it is withheld, as the user reads it.',
                  },
                  flags: {
                    type: 'string',
                    pattern: '^[imsu]*$',
                    default: '',
                    description: 'Regular expression flags among `i`, `m`, `s`, `u`.',
                  },
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
      description: 'Display modes of views whose tool metadata names none (spec 11.2 step 4).',
      properties: {
        default: {
          enum: ['inline', 'fullscreen', 'pip'],
          description: 'The mode of every such view; unset, the hard fallback is `fullscreen`.',
        },
        tools: {
          type: 'object',
          propertyNames: { pattern: '^[a-z][a-z0-9-]{0,19}/[A-Za-z0-9_.-]{1,128}$' },
          additionalProperties: { enum: ['inline', 'fullscreen', 'pip'] },
          default: DEFAULT_HOST_CONFIG.displayModes.tools,
          description: 'Per tool, `"<server id>/<tool>": mode`, before `default`.',
        },
      },
    },
    auth: {
      type: 'object',
      additionalProperties: false,
      description: 'Hosted mode sign-up.',
      properties: {
        signUp: {
          enum: ['open', 'invitation'],
          default: DEFAULT_HOST_CONFIG.auth.signUp,
          description:
            '`invitation`: an account needs an operator’s link (`npm run account-link -- invite`); `open`: anyone with a passkey.',
        },
      },
    },
    limits: {
      type: 'object',
      additionalProperties: false,
      description: 'Rate limits per user; beyond one, 429 with Retry-After.',
      properties: {
        chatTurnsPerMinute: {
          type: 'integer',
          minimum: 1,
          maximum: 10000,
          default: DEFAULT_HOST_CONFIG.limits.chatTurnsPerMinute,
          description: 'Hosted mode: chat turns per user per minute.',
        },
        toolCallsPerMinute: {
          type: 'integer',
          minimum: 1,
          maximum: 10000,
          default: DEFAULT_HOST_CONFIG.limits.toolCallsPerMinute,
          description:
            'Hosted mode: tool calls from views and the preview (`/api/tools/call`) per user per minute.',
        },
        samplingPerServerPerMinute: {
          type: 'integer',
          minimum: 1,
          maximum: 10000,
          default: DEFAULT_HOST_CONFIG.limits.samplingPerServerPerMinute,
          description:
            'Every mode: sampling requests (a server asking the model) per user and server per minute.',
        },
      },
    },
    trustPolicy: {
      type: 'object',
      additionalProperties: false,
      description: 'Which SEP trust annotation rules apply ([gates.md](gates.md)); all on by default.',
      properties: {
        publicDestination: {
          type: 'boolean',
          default: DEFAULT_TRUST_POLICY.publicDestination,
          description:
            'A tool whose destination may be `public` needs a confirmation while the conversation holds open-world or sensitive data.',
        },
        irreversible: {
          type: 'boolean',
          default: DEFAULT_TRUST_POLICY.irreversible,
          description: 'A tool declaring `outcomes: irreversible` needs at least a confirmation.',
        },
        maliciousActivity: {
          type: 'boolean',
          default: DEFAULT_TRUST_POLICY.maliciousActivity,
          description:
            'After a result flagged `maliciousActivityHint`, the conversation’s next action-like call needs a confirmation.',
        },
        untrustedSource: {
          type: 'boolean',
          default: DEFAULT_TRUST_POLICY.untrustedSource,
          description:
            'A tool or result from an `untrustedPublic` source reaches the model spotlighted as untrusted.',
        },
        acceptedSensitivity: {
          type: 'boolean',
          default: DEFAULT_TRUST_POLICY.acceptedSensitivity,
          description:
            'A tool that declares the sensitivity it accepts asks for a confirmation while the conversation holds data of another class.',
        },
      },
    },
    pools: {
      type: 'object',
      propertyNames: { pattern: '^[A-Za-z0-9_.-]{1,100}$' },
      default: DEFAULT_HOST_CONFIG.pools,
      description:
        'Pool registry (spec 5.3.3), pool name → `{ description? }`; a tool naming an unknown pool is pool-less, with a warning.',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        properties: { description: { type: 'string', description: 'What the pool is for.' } },
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
      models: { ...DEFAULT_HOST_CONFIG.models, ...raw.models, inputs: raw.models?.inputs ?? {} },
      attachments: { ...DEFAULT_HOST_CONFIG.attachments, ...raw.attachments },
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
