import 'server-only';
import { generateText, isTextUIPart, type LanguageModel, type UIMessage } from 'ai';
import { cleanText } from '../mcplet/model-facing';
import type { RedactionOptions } from '../trust/redaction';
import { cleanTitle, TITLE_INPUT_CHARS, TITLE_INSTRUCTIONS } from './title-prompt';

/** A title request gives up after this long: the old title stays. */
const TITLE_TIMEOUT_MS = 10_000;

function textOf(message: UIMessage): string {
  return message.parts
    .filter(isTextUIPart)
    .map((p) => p.text)
    .join('\n')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, TITLE_INPUT_CHARS);
}

/**
 * One short call to the conversation's model for a title, after its first reply. It carries only
 * the first user message's text and the reply's text, cut short, masked and scrubbed as every other
 * text toward the model is (`cleanText` with the turn's scrub set): no tool results, no prompt or
 * resource parts. Null on any failure: the caller keeps the title it has, and says nothing.
 */
export async function askTitle(
  model: LanguageModel,
  first: { user: UIMessage; reply: UIMessage },
  redaction: RedactionOptions,
  options: { maxRetries?: number; signal?: AbortSignal } = {},
): Promise<string | null> {
  const user = cleanText(textOf(first.user), redaction);
  const reply = cleanText(textOf(first.reply), redaction);
  if (!user) return null;
  try {
    const signal = options.signal
      ? AbortSignal.any([options.signal, AbortSignal.timeout(TITLE_TIMEOUT_MS)])
      : AbortSignal.timeout(TITLE_TIMEOUT_MS);
    const result = await generateText({
      model,
      instructions: TITLE_INSTRUCTIONS,
      messages: [{ role: 'user', content: `User: ${user}\n\nAssistant: ${reply}` }],
      maxOutputTokens: 30,
      maxRetries: options.maxRetries ?? 0,
      telemetry: { isEnabled: false },
      abortSignal: signal,
    });
    // The title is shown and stored in plain text: what the model wrote is masked and scrubbed too.
    return cleanTitle(cleanText(result.text, redaction));
  } catch {
    return null;
  }
}
