import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { type LanguageModel, streamText } from 'ai';

export interface TurnTiming {
  /** Milliseconds to the first text delta. */
  first: number;
  /** Milliseconds to the end of the stream. */
  total: number;
}

/** One turn straight to the model with the AI SDK: the baseline of the chat benches. */
export async function directTurn(model: LanguageModel, prompt: string): Promise<TurnTiming> {
  const start = performance.now();
  let first = 0;
  const result = streamText({ model, prompt, maxRetries: 0 });
  for await (const part of result.stream) {
    if (part.type === 'text-delta' && !first) first = performance.now() - start;
  }
  return { first, total: performance.now() - start };
}

/**
 * One turn through the host's POST /api/chat, in a new conversation, read to its end. It sends what
 * the browser sends for a new chat's first message (components/chat/chat-runtime.ts).
 */
export async function hostTurn(hostUrl: string, prompt: string): Promise<TurnTiming> {
  const start = performance.now();
  let first = 0;
  const response = await fetch(`${hostUrl}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      id: randomUUID(),
      trigger: 'submit-message',
      newChat: true,
      message: { id: randomUUID(), role: 'user', parts: [{ type: 'text', text: prompt }] },
    }),
  });
  if (!response.ok || !response.body) throw new Error(`host answered ${response.status}`);
  const decoder = new TextDecoder();
  for await (const bytes of response.body) {
    if (!first && decoder.decode(bytes as Uint8Array, { stream: true }).includes('"text-delta"'))
      first = performance.now() - start;
  }
  return { first, total: performance.now() - start };
}
