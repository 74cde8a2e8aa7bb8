import { isToolUIPart, type UIMessage } from 'ai';
import type { Withheld } from '../mcplet/model-facing';
import type { CredentialPattern } from '../trust/credentials';
import type { RedactionOptions } from '../trust/redaction';
import { createScrubSet, extendScrubSet, type ScrubSet } from '../trust/scrub';

/** The values a stored tool output withheld from the model (its `withheld`, opened from its seal on load). */
export function withheldValues(output: unknown): string[] {
  const withheld = (output as { withheld?: Partial<Withheld> } | null)?.withheld;
  return Array.isArray(withheld?.values) ? withheld.values.filter((v) => typeof v === 'string') : [];
}

/** Every value withheld so far in a conversation, read from its stored tool outputs. */
export function conversationSensitiveValues(history: readonly UIMessage[]): string[] {
  const values: string[] = [];
  for (const message of history)
    for (const part of message.parts)
      if (isToolUIPart(part) && part.state === 'output-available')
        values.push(...withheldValues(part.output));
  return values;
}

/**
 * A conversation's scrub set for one turn. It starts from the values its stored
 * outputs withheld (no separate store: they live sealed in those outputs) and grows as this turn's
 * tools withhold more; every projection of the turn reads it as it is at that moment.
 */
export class ScrubBook {
  #set: ScrubSet;

  constructor(
    values: Iterable<string>,
    readonly credentialPatterns?: readonly CredentialPattern[],
  ) {
    this.#set = createScrubSet(values);
  }

  get set(): ScrubSet {
    return this.#set;
  }

  add(values: Iterable<string>): void {
    this.#set = extendScrubSet(this.#set, values);
  }

  options(): RedactionOptions {
    return {
      scrubSet: this.#set,
      ...(this.credentialPatterns ? { credentialPatterns: this.credentialPatterns } : {}),
    };
  }
}
