import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from '../../tests/fixtures/fake-llm/server';
import type { SamplingParams } from '../mcplet/sampling-request';
import { createScrubSet, WITHHELD_MARKER } from '../trust/scrub';
import { runSampling, samplingMessages } from './sampling-run';

let fake: FakeLlm;
beforeAll(async () => {
  fake = await startFakeLlm();
});
afterAll(() => fake.close());

const model = () =>
  createOpenAICompatible({ name: 'fake', baseURL: `${fake.url}/v1` }).chatModel('fake-model');
const SECRET = 'acct-4242-4242-4242';

const withTools = (match: string): SamplingParams => ({
  messages: [
    { role: 'user', content: { type: 'text', text: `What is the weather? ${match}` } },
    {
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'u1', name: 'weather', input: { city: 'Lyon' } }],
    },
    {
      role: 'user',
      content: [{ type: 'tool_result', toolUseId: 'u1', content: [{ type: 'text', text: '21 C' }] }],
    },
    { role: 'user', content: { type: 'text', text: `And tomorrow? ${match}` } },
  ],
  maxTokens: 64,
  tools: [
    {
      name: 'weather',
      description: 'The weather in a city',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
    },
  ],
});

describe('MCP 2025-11-25 "Sampling" (sampling with tools): the request as the model gets it, the answer as the server gets it', () => {
  it("the server's tool uses and results become the SDK's tool call and tool messages, in order", () => {
    expect(samplingMessages(withTools('m')).map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'user',
    ]);
    expect(samplingMessages(withTools('m'))[2]).toMatchObject({
      content: [
        {
          type: 'tool-result',
          toolCallId: 'u1',
          toolName: 'weather',
          output: { type: 'text', value: '21 C' },
        },
      ],
    });
  });

  it("the server's tools are offered without execute; a tool use comes back as tool_use with stopReason toolUse, its input scrubbed", async () => {
    const match = `tools-${Date.now()}`;
    fake.scripts.push({
      match,
      steps: [{ kind: 'tool-calls', calls: [{ name: 'weather', arguments: { city: `Lyon ${SECRET}` } }] }],
    });
    const answer = await runSampling(model(), 'fake-model', withTools(match), {
      scrubSet: createScrubSet([SECRET]),
    });
    const sent = fake.requests.find((r) => r.match === match)?.body;
    expect(sent?.tools?.map((t) => t.function.name)).toEqual(['weather']);
    expect(answer.stopReason).toBe('toolUse');
    expect(answer.content).toEqual([
      {
        type: 'tool_use',
        id: expect.any(String),
        name: 'weather',
        input: { city: `Lyon ${WITHHELD_MARKER}` },
      },
    ]);
  });

  it('a text answer is scrubbed of the withheld values before the server gets it', async () => {
    const match = `text-${Date.now()}`;
    fake.scripts.push({ match, steps: [{ kind: 'text', chunks: [`Your account is ${SECRET}.`] }] });
    const answer = await runSampling(
      model(),
      'fake-model',
      { messages: [{ role: 'user', content: { type: 'text', text: match } }], maxTokens: 10 },
      { scrubSet: createScrubSet([SECRET]) },
    );
    expect(answer).toEqual({
      role: 'assistant',
      content: { type: 'text', text: `Your account is ${WITHHELD_MARKER}.` },
      model: 'fake-model',
      stopReason: 'endTurn',
    });
  });
});
