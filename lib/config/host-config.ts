import Ajv2020, { type ErrorObject } from 'ajv/dist/2020.js';
import { CHAT_MODES, type ChatMode } from '../mcplet/chat-mode';

export interface HostConfig {
  chat: {
    /** Chat mode for new conversations (spec 12.1). */
    defaultMode: ChatMode;
    /** Upper bound on model steps (tool round trips) in one turn. */
    maxSteps: number;
  };
  models: {
    /** `provider:model` id picked when the user has not chosen one. */
    default?: string;
  };
}

export const DEFAULT_HOST_CONFIG: HostConfig = {
  chat: { defaultMode: 'normal', maxSteps: 6 },
  models: {},
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
      },
    },
    models: {
      type: 'object',
      additionalProperties: false,
      properties: { default: { type: 'string', minLength: 3, pattern: '^[a-z0-9-]+:.+$' } },
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
  const raw = input as Partial<{ chat: Partial<HostConfig['chat']>; models: HostConfig['models'] }>;
  return {
    ok: true,
    config: {
      chat: { ...DEFAULT_HOST_CONFIG.chat, ...raw.chat },
      models: { ...DEFAULT_HOST_CONFIG.models, ...raw.models },
    },
  };
}
