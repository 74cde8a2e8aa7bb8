import 'server-only';
import type { LanguageModel } from 'ai';
import type { AuditEntry } from '../db/queries/audit';
import type { CredentialPattern } from '../trust/credentials';
import type { TrustState } from '../trust/trust-state';

/** The model a sampling request runs on, and what the conversation withheld from it so far. */
export interface SamplingModel {
  model: LanguageModel;
  modelId: string;
  /** The conversation's withheld values: scrubbed from the answer before the server gets it. */
  sensitiveValues: string[];
}

/**
 * What running a sampling request needs of the host beyond the connection: the rate window, the
 * trust state, remembered approvals, the conversation's model and scrub set, the action log. The
 * host wires them once (lib/mcp/host-registry.ts); tests wire their own.
 */
export interface SamplingServices {
  /** Takes one request from the user's window for this server; false when the window is full. */
  take(userId: string, serverKey: string): Promise<boolean>;
  trust(userId: string, conversationId?: string): Promise<TrustState>;
  remembered(userId: string, serverId: string): Promise<boolean>;
  remember(userId: string, serverId: string): Promise<void>;
  /** The conversation's model (its row's model id), or why there is none. */
  model(userId: string, conversationId?: string): Promise<SamplingModel | { refused: string }>;
  credentialPatterns(): readonly CredentialPattern[];
  audit(entry: AuditEntry): void;
}

const holder = globalThis as unknown as { __mcpletSampling?: SamplingServices };

export function configureSampling(services: SamplingServices): void {
  holder.__mcpletSampling = services;
}

/** The host's services, or nothing before the host wired them (a request is then refused). */
export function samplingServices(): SamplingServices | undefined {
  return holder.__mcpletSampling;
}
