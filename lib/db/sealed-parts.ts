import 'server-only';
import type { UIMessage } from 'ai';
import { type CredentialPattern, findCredentials } from '../trust/credentials';
import type { ScrubSet } from '../trust/scrub';
import { isSealed, seal, unseal } from './seal';

/**
 * Sensitive values never sit in the database in plain text. A message part is
 * stored sealed (`{ sealed: "hk1...." }`, AES-256-GCM under the host key) when it is a tool output
 * that withheld anything from the model (its raw result and envelope hold the values, its `withheld`
 * lists them), or when it holds a value already known sensitive in the conversation (a view's
 * `ui/message` repeating one, a later result that repeats it), or a credential in a known format (a
key the user pasted). Loading opens them again, so
 * everything above the query layer reads parts as before.
 */
type Part = UIMessage['parts'][number];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function withheldSomething(part: Part): boolean {
  const output = (part as { output?: unknown }).output;
  return isRecord(output) && isRecord(output.withheld);
}

export interface SealRules {
  /** The conversation's scrub set: a part holding one of its values is sealed. */
  scrubSet?: ScrubSet;
  /** Credential formats: a part holding a credential (a pasted key, say) is sealed. */
  credentialPatterns?: readonly CredentialPattern[];
}

export function mustSeal(part: Part, rules: SealRules = {}): boolean {
  if (withheldSomething(part)) return true;
  const text = JSON.stringify(part);
  if (rules.scrubSet?.needles.some((needle) => text.includes(needle))) return true;
  return rules.credentialPatterns ? findCredentials(text, rules.credentialPatterns).length > 0 : false;
}

export function sealParts(parts: readonly Part[], key: () => Buffer, rules: SealRules = {}): unknown[] {
  return parts.map((part) => (mustSeal(part, rules) ? { sealed: seal(part, key()) } : part));
}

export function openParts(stored: unknown, key: () => Buffer): Part[] {
  const parts = Array.isArray(stored) ? stored : [];
  return parts.map((part) =>
    isRecord(part) && isSealed(part.sealed) ? (unseal(part.sealed, key()) as Part) : (part as Part),
  );
}
