import type { CallToolResult } from '@modelcontextprotocol/client';
import type { ErrorCode } from './envelope';
import { jsonByteSize } from './json-size';
import type { ModelFacing, Withheld } from './model-facing';
import type { McpletType } from './types';

/** 10.3: the host-local tool the model uses to shape a result for a view. Never sent to an MCP server. */
export const DERIVED_TOOL_NAME = 'mcplet_set_tool_result';

/** 10.4 recommended bounds; host configuration may lower them, never raise them. */
export const MAX_PAYLOAD_BYTES = 1_048_576;
export const MAX_TTL_SECONDS = 30;

export interface DerivedRequest {
  toolId: string;
  result: unknown;
  revision?: number;
  ttlSeconds?: number;
}

export interface DerivedLimits {
  /** Model-facing names of the tools that may receive derived results (host configuration only). */
  allowlist: ReadonlySet<string>;
  maxBytes: number;
  maxTtlSeconds: number;
}

export interface SchemaCheck {
  uri: string;
  validate(value: unknown): boolean;
  errors(): string;
}

/** What the host knows of an allowlisted target right now. */
export interface DerivedTarget {
  mcpletType: McpletType;
  /** The compiled result schema, from the tool's mcpletToolResultSchemaUri (5.3.4, 9.3). */
  schema?: SchemaCheck;
}

export interface DerivedContext {
  limits: DerivedLimits;
  /** The connected target, or undefined when its server is gone or no longer lists it. */
  target(toolId: string): DerivedTarget | undefined;
  /** The last accepted revision for the target in this conversation, if any. */
  lastRevision(toolId: string): number | undefined;
  /**
   * 16.5: whether the conversation may set another derived result now. Asked only of a request
   * that passed the checks before it; a store shared by instances answers after the verdict
   * (`rateRefusal`).
   */
  withinRate(): boolean;
  now: number;
}

export interface AcceptedDerived {
  toolId: string;
  result: Record<string, unknown>;
  revision?: number;
  bytes: number;
  timestamp: string;
  expiresAt: number;
  schemaUri: string;
}

/** The tool output of `mcplet_set_tool_result`: the model's text, and for the browser what to do with views. */
export interface DerivedOutput {
  /** What the model gets (host text, and a fallback call's redacted result); see model-facing.ts. */
  model: ModelFacing[];
  /** What a fallback call's result withheld from the model, and why. */
  withheld?: Withheld;
  derived: {
    toolId: string;
    /** The allowlisted target, when the model named one. */
    target?: { serverId: string; toolName: string };
    accepted?: AcceptedDerived;
    /** With an accepted result: the host has arguments to call the target with if it expires (10.6). */
    canFallBack?: boolean;
    error?: { code: string; message: string };
    /** Set on the preliminary output while the host runs the real call instead (10.8 tool-invoking). */
    invoking?: { inputSchema: Record<string, unknown> };
    /** 10.6: the backend call the host made instead of an invalid derived result. */
    fallback?: FallbackOutcome;
  };
}

/** A real call of the target made in place of a derived result; MCP `isError` is the authority (10.7). */
export interface FallbackOutcome {
  result?: CallToolResult;
  error?: { code: string; message: string };
}

export type DerivedVerdict =
  | { ok: true; accepted: AcceptedDerived }
  | { ok: false; code: ErrorCode; message: string };

function refuse(code: ErrorCode, message: string): DerivedVerdict {
  return { ok: false, code, message };
}

/** 16.5: the refusal of a derived result over the conversation's rate. */
export function rateRefusal(): DerivedVerdict {
  return refuse('RATE_LIMITED', '16.5: too many derived results in this conversation; wait a minute.');
}

/** Bounds from host configuration, clamped to the spec's recommendations (never higher). */
export function derivedLimits(config: {
  allowlist: string[];
  maxBytes?: number;
  maxTtlSeconds?: number;
}): DerivedLimits {
  return {
    allowlist: new Set(config.allowlist),
    maxBytes: Math.min(config.maxBytes ?? MAX_PAYLOAD_BYTES, MAX_PAYLOAD_BYTES),
    maxTtlSeconds: Math.min(config.maxTtlSeconds ?? MAX_TTL_SECONDS, MAX_TTL_SECONDS),
  };
}

/**
 * 10.4: every check a derived result must pass before it may be pending, each failing with its own
 * code and a message the model can correct from. The allowlist comes from host configuration only.
 */
export function validateDerivedResult(input: DerivedRequest, context: DerivedContext): DerivedVerdict {
  const { limits } = context;
  if (typeof input.toolId !== 'string' || !limits.allowlist.has(input.toolId)) {
    const allowed = [...limits.allowlist];
    return refuse(
      'X_NOT_ALLOWLISTED',
      `10.4: "${String(input.toolId)}" may not receive derived results. ${allowed.length ? `Allowed: ${allowed.join(', ')}.` : 'No tool is allowed.'}`,
    );
  }
  const target = context.target(input.toolId);
  if (!target) {
    return refuse('NOT_FOUND', `${input.toolId} is not connected right now; nothing can be shown for it.`);
  }
  if (target.mcpletType === 'action') {
    return refuse(
      'X_ACTION_TARGET',
      `16.1: ${input.toolId} is an action tool; a derived result would show a side effect that never happened.`,
    );
  }
  if (!context.withinRate()) return rateRefusal();
  if (input.ttlSeconds !== undefined) {
    if (typeof input.ttlSeconds !== 'number' || !Number.isFinite(input.ttlSeconds) || input.ttlSeconds <= 0) {
      return refuse('X_TTL_INVALID', '10.4: ttlSeconds must be a positive number of seconds.');
    }
    if (input.ttlSeconds > limits.maxTtlSeconds) {
      return refuse(
        'X_TTL_TOO_LONG',
        `10.4: ttlSeconds is ${input.ttlSeconds}; the most this host allows is ${limits.maxTtlSeconds}.`,
      );
    }
  }
  if (input.revision !== undefined) {
    if (!Number.isSafeInteger(input.revision) || input.revision < 0) {
      return refuse('X_REVISION_INVALID', '10.4: revision must be a non-negative integer.');
    }
    const last = context.lastRevision(input.toolId);
    if (last !== undefined && input.revision <= last) {
      return refuse(
        'X_REVISION_NOT_INCREASING',
        `10.4: revision ${input.revision} is not greater than the last accepted revision ${last} for ${input.toolId}.`,
      );
    }
  }
  const bytes = jsonByteSize(input.result ?? null, limits.maxBytes);
  if (bytes > limits.maxBytes) {
    return refuse(
      'X_PAYLOAD_TOO_LARGE',
      `10.4: the result is ${bytes} bytes; the limit is ${limits.maxBytes}.`,
    );
  }
  if (!input.result || typeof input.result !== 'object' || Array.isArray(input.result)) {
    return refuse(
      'VALIDATION_ERROR',
      "10.3: result must be a JSON object matching the tool's result schema.",
    );
  }
  const schema = target.schema;
  if (!schema) {
    return refuse(
      'X_NO_SCHEMA',
      `10.4: ${input.toolId} publishes no usable result schema (mcpletToolResultSchemaUri), so nothing can be validated.`,
    );
  }
  if (!schema.validate(input.result)) {
    return refuse('VALIDATION_ERROR', `10.4: the result does not match ${schema.uri}: ${schema.errors()}`);
  }
  const ttl = input.ttlSeconds ?? limits.maxTtlSeconds;
  return {
    ok: true,
    accepted: {
      toolId: input.toolId,
      result: input.result as Record<string, unknown>,
      ...(input.revision !== undefined ? { revision: input.revision } : {}),
      bytes,
      timestamp: new Date(context.now).toISOString(),
      expiresAt: context.now + ttl * 1000,
      schemaUri: schema.uri,
    },
  };
}
