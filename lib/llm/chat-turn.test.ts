import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { registerTelemetry, type UIMessage, type UIMessageChunk } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from '../../tests/fixtures/fake-llm/server';
import { MESSAGE_NOT_SAVED, runChatTurn, type TurnOutcome } from './chat-turn';

let fake: FakeLlm;

beforeAll(async () => {
  fake = await startFakeLlm();
});

afterAll(() => fake.close());

function turn(prompt: string, saved: Promise<boolean>, timeoutMs = 5_000) {
  const replies: UIMessage[] = [];
  const outcomes: TurnOutcome[] = [];
  const stream = runChatTurn({
    model: createOpenAICompatible({ name: 'fake', baseURL: `${fake.url}/v1` }).chatModel('fake-model'),
    history: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: prompt }] }],
    tools: {},
    chatMode: 'normal',
    maxSteps: 3,
    maxRetries: 0,
    timeoutMs,
    saved,
    async onResponse(message, outcome) {
      replies.push(message);
      outcomes.push(outcome);
    },
  });
  return { reader: stream.getReader(), replies, outcomes };
}

async function readAll(reader: ReadableStreamDefaultReader<UIMessageChunk>): Promise<UIMessageChunk[]> {
  const chunks: UIMessageChunk[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
  }
}

/** onEnd runs once the stream has closed; it is awaited here by polling a settled flag, not by time. */
async function settled<T>(read: () => T[]): Promise<T[]> {
  for (let i = 0; i < 50 && read().length === 0; i++) await new Promise((r) => setImmediate(r));
  return read();
}

describe('a turn does not wait for its user message to be stored', () => {
  it('the model answers while the message is still being stored; the reply is stored after it', async () => {
    fake.scripts.push({ match: 'store later', steps: [{ kind: 'text', chunks: ['fast ', 'reply'] }] });
    let store: (stored: boolean) => void = () => {};
    const saved = new Promise<boolean>((resolve) => {
      store = resolve;
    });
    const { reader, replies } = turn('store later', saved);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) throw new Error('the stream ended before the model answered');
      if (value.type === 'text-delta') break;
    }
    expect(replies).toEqual([]);
    store(true);
    await readAll(reader);
    const [reply] = await settled(() => replies);
    expect(reply?.parts.filter((p) => p.type === 'text').map((p) => p.text)).toEqual(['fast reply']);
  });

  it('a message that could not be stored: the stream says so and no reply is stored without it', async () => {
    fake.scripts.push({ match: 'not stored', steps: [{ kind: 'text', chunks: ['orphan'] }] });
    const { reader, replies } = turn('not stored', Promise.resolve(false));
    const chunks = await readAll(reader);
    expect(chunks).toContainEqual({ type: 'error', errorText: MESSAGE_NOT_SAVED });
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    expect(replies).toEqual([]);
  });
});

describe("LLM_TIMEOUT_MS: the model's silence ends the turn with an error the user reads", () => {
  it('before the model answers: an error, and no reply to store', async () => {
    fake.scripts.push({ match: 'silent before', steps: [{ kind: 'hang' }] });
    const { reader, replies } = turn('silent before', Promise.resolve(true), 300);
    const chunks = await readAll(reader);
    expect(chunks.filter((c) => c.type === 'error').map((c) => c.errorText)).toEqual([
      expect.stringMatching(/did not answer in time/),
    ]);
    expect(chunks.some((c) => c.type === 'abort')).toBe(false);
    await new Promise((r) => setImmediate(r));
    expect(replies).toEqual([]);
  });

  it('mid-reply: an error after what arrived, and the reply stored as it stands, failed', async () => {
    fake.scripts.push({
      match: 'silent midway',
      steps: [{ kind: 'stall', chunks: ['first '] }],
    });
    const { reader, replies, outcomes } = turn('silent midway', Promise.resolve(true), 300);
    const chunks = await readAll(reader);
    expect(chunks.filter((c) => c.type === 'error').map((c) => c.errorText)).toEqual([
      expect.stringMatching(/did not answer in time/),
    ]);
    expect(chunks.some((c) => c.type === 'abort')).toBe(false);
    const [reply] = await settled(() => replies);
    expect(reply?.parts.filter((p) => p.type === 'text').map((p) => p.text)).toEqual(['first ']);
    expect(outcomes).toEqual([{ failed: true, aborted: false }]);
  });
});

describe("the AI SDK's telemetry is off in a turn", () => {
  it('an integration registered globally hears nothing of a turn', async () => {
    const heard: string[] = [];
    const holder = globalThis as { AI_SDK_TELEMETRY_INTEGRATIONS?: unknown[] };
    const before = holder.AI_SDK_TELEMETRY_INTEGRATIONS;
    registerTelemetry({
      onStart: () => void heard.push('start'),
      onStepEnd: () => void heard.push('step'),
    });
    try {
      fake.scripts.push({ match: 'unheard', steps: [{ kind: 'text', chunks: ['quiet'] }] });
      const { reader, replies } = turn('unheard', Promise.resolve(true));
      await readAll(reader);
      await settled(() => replies);
      expect(heard).toEqual([]);
    } finally {
      holder.AI_SDK_TELEMETRY_INTEGRATIONS = before;
    }
  });
});
