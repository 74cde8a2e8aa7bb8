import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { UIMessageChunk } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from '../../tests/fixtures/fake-llm/server';
import { DEFAULT_CREDENTIAL_PATTERNS } from '../trust/credentials';
import { createScrubSet } from '../trust/scrub';
import { runChatTurn, withCustomInstructions } from './chat-turn';
import { runSampling } from './sampling-run';

let fake: FakeLlm;
beforeAll(async () => {
  fake = await startFakeLlm();
});
afterAll(() => fake.close());

const model = () =>
  createOpenAICompatible({ name: 'fake', baseURL: `${fake.url}/v1` }).chatModel('fake-model');
const CUSTOM = 'Always answer like a pirate, matey.';
const SECRET = 'acct-9999-0000';

async function drain(stream: ReadableStream<UIMessageChunk>) {
  const reader = stream.getReader();
  while (!(await reader.read()).done);
}

function systemOf(match: string): string[] {
  return fake.requests
    .filter((r) => JSON.stringify(r.body).includes(match))
    .flatMap((r) => (r.body.messages ?? []).filter((m) => m.role === 'system').map((m) => String(m.content)));
}

describe("the user's custom instructions (settings)", () => {
  it("come below the host's system prompt, masked like the user's messages", () => {
    const prompt = withCustomInstructions('HOST RULES', `Call me Ada, account ${SECRET}`, {
      scrubSet: createScrubSet([SECRET]),
      credentialPatterns: DEFAULT_CREDENTIAL_PATTERNS,
    });
    expect(prompt.startsWith('HOST RULES\n\n')).toBe(true);
    expect(prompt).toContain('Call me Ada');
    expect(prompt).not.toContain(SECRET);
    expect(withCustomInstructions('HOST RULES', '   ')).toBe('HOST RULES');
  });

  it("reach the chat model's request, and not a sampling request's model call", async () => {
    await drain(
      runChatTurn({
        model: model(),
        history: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'chat-turn-ci' }] }],
        tools: {},
        chatMode: 'normal',
        maxSteps: 1,
        maxRetries: 0,
        timeoutMs: 5_000,
        customInstructions: CUSTOM,
        async onResponse() {},
      }),
    );
    const [chatSystem] = systemOf('chat-turn-ci');
    expect(chatSystem).toContain('You are the assistant inside an MCPlet host');
    expect(chatSystem).toContain(CUSTOM);
    expect(chatSystem?.indexOf(CUSTOM)).toBeGreaterThan(chatSystem?.indexOf('MCPlet host') ?? 0);

    // The same user's sampling request (lib/mcp/sampling.ts runs it so): the server's messages only.
    await runSampling(
      model(),
      'fake-model',
      {
        messages: [{ role: 'user', content: { type: 'text', text: 'sampling-ci' } }],
        systemPrompt: "The server's own prompt.",
        maxTokens: 32,
      },
      { scrubSet: createScrubSet([]) },
    );
    const sampled = fake.requests.filter((r) => JSON.stringify(r.body).includes('sampling-ci'));
    expect(sampled).toHaveLength(1);
    expect(JSON.stringify(sampled[0]?.body)).not.toContain(CUSTOM);
    expect(systemOf('sampling-ci')).toEqual(["The server's own prompt."]);
  });
});
