import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from '../../tests/fixtures/fake-llm/server';
import { silenceLimit } from './silence-limit';

let fake: FakeLlm;

beforeAll(async () => {
  fake = await startFakeLlm();
});

afterAll(() => fake.close());

function model(ms: number) {
  const base = createOpenAICompatible({ name: 'fake', baseURL: `${fake.url}/v1` }).chatModel('fake-model');
  return wrapLanguageModel({ model: base, middleware: silenceLimit(ms) });
}

async function run(prompt: string, ms: number, execute: () => Promise<string>) {
  const errors: unknown[] = [];
  const result = streamText({
    model: model(ms),
    prompt,
    maxRetries: 0,
    stopWhen: stepCountIs(3),
    tools: { wait: tool({ inputSchema: jsonSchema({ type: 'object' }), execute }) },
    onError: ({ error }) => {
      errors.push(error);
    },
  });
  let text = '';
  try {
    for await (const part of result.stream) if (part.type === 'text-delta') text += part.text;
  } catch (error) {
    // Silence after the model has answered ends the stream itself with the error.
    errors.push(error);
  }
  return { text, errors };
}

describe('LLM_TIMEOUT_MS: the model’s silence, not the user’s', () => {
  it('a model that never answers is stopped with a TimeoutError', async () => {
    fake.scripts.push({ match: 'silent-hang', steps: [{ kind: 'hang' }] });
    const started = Date.now();
    const { errors } = await run('silent-hang', 300, async () => 'unused');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).name).toBe('TimeoutError');
  });

  it('a model that keeps sending runs past the limit in all, and one that pauses longer is stopped', async () => {
    const chunks = Array.from({ length: 8 }, (_, i) => `w${i} `);
    fake.scripts.push({ match: 'silent-steady', steps: [{ kind: 'text', chunks, delayMs: 100 }] });
    const steady = await run('silent-steady', 300, async () => 'unused');
    expect(steady.errors).toEqual([]);
    expect(steady.text).toBe(chunks.join(''));
    fake.scripts.push({ match: 'silent-pause', steps: [{ kind: 'text', chunks, delayMs: 500 }] });
    const paused = await run('silent-pause', 300, async () => 'unused');
    expect(paused.errors).toHaveLength(1);
    expect((paused.errors[0] as Error).name).toBe('TimeoutError');
  });

  it('a tool that waits (a gate, a form) longer than the limit does not time the turn out', async () => {
    fake.scripts.push({
      match: 'silent-wait',
      steps: [
        { kind: 'tool-calls', calls: [{ name: 'wait', arguments: {} }] },
        { kind: 'text', chunks: ['done ', 'waiting'] },
      ],
    });
    const { text, errors } = await run('silent-wait', 300, async () => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      return 'answered';
    });
    expect(errors).toEqual([]);
    expect(text).toBe('done waiting');
  });
});
