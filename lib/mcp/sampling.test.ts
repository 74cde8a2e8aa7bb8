import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { ProtocolError } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from '../../tests/fixtures/fake-llm/server';
import {
  SAMPLING_SYSTEM,
  type SamplingServer,
  samplingParams,
  samplingText,
  startLegacySamplingServer,
  startModernSamplingServer,
} from '../../tests/fixtures/mcp/sampling-server';
import type { AuditEntry } from '../db/queries/audit';
import { SAMPLES } from '../trust/credential-fakes';
import { DEFAULT_CREDENTIAL_PATTERNS } from '../trust/credentials';
import { EMPTY_TRUST_STATE, propagate, type TrustState } from '../trust/trust-state';
import { dispatch } from './dispatch';
import { McpRegistry } from './registry';
import { handleSampling, handleViewSampling } from './sampling';
import { answerSampling } from './sampling-answer';
import { samplingBoard } from './sampling-board';
import { configureSampling } from './sampling-services';

const USER = 'alice';
const WITHHELD = 'ssn-123-45-6789';
const TOKEN = SAMPLES['secretlint/github']?.secret ?? '';

let fake: FakeLlm;
let legacy: SamplingServer;
let modern: SamplingServer;
let registry: McpRegistry;

// What the services were asked and did, per test.
let audits: AuditEntry[];
let windowFull: boolean;
let remembered: Set<string>;
let trust: TrustState;

beforeAll(async () => {
  fake = await startFakeLlm();
  legacy = await startLegacySamplingServer();
  modern = await startModernSamplingServer();
  registry = new McpRegistry(new Set());
  const start = (id: string, url: string) =>
    registry
      .start({
        id,
        name: id === 'modern' ? 'Modern' : 'Legacy',
        transport: { type: 'http', url },
        admission: 'strict',
        source: 'config',
      })
      .connect();
  await Promise.all([start('modern', modern.url), start('legacy', legacy.url)]);
  configureSampling({
    take: async () => !windowFull,
    trust: async () => trust,
    remembered: async (userId, serverId) => remembered.has(`${userId}/${serverId}`),
    remember: async (userId, serverId) => {
      remembered.add(`${userId}/${serverId}`);
    },
    model: async () => ({
      model: createOpenAICompatible({ name: 'fake', baseURL: `${fake.url}/v1` }).chatModel('fake-model'),
      modelId: 'fake-model',
      sensitiveValues: [WITHHELD],
    }),
    credentialPatterns: () => DEFAULT_CREDENTIAL_PATTERNS,
    audit: (entry) => audits.push(entry),
  });
}, 30_000);

afterAll(async () => {
  await registry.closeAll();
  await Promise.all([legacy.close(), modern.close(), fake.close()]);
});

beforeEach(() => {
  audits = [];
  windowFull = false;
  remembered = new Set();
  trust = EMPTY_TRUST_STATE;
});

const call = (serverId: string, topic: string) =>
  dispatch(registry, {
    serverId,
    toolName: 'draft_reply',
    args: { topic },
    surface: { kind: 'model' },
    session: { userId: USER },
    context: { conversationId: 'c1' },
  });

async function asked() {
  for (;;) {
    const [prompt] = samplingBoard().prompts(USER);
    if (prompt) return prompt;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The model answers a request whose last user message holds `match` with `text`. */
function scriptModel(match: string, text: string) {
  fake.scripts.push({ match, steps: [{ kind: 'text', chunks: [text] }] });
}

describe('MCP 2025-11-25 client/sampling and 2026-07-28 input_required sampling', () => {
  it('Sampling "User Interaction Model": the user sees the request whole, edits its message and approves; the model gets exactly the edited request and nothing else; the server gets the answer scrubbed (2026-07-28)', async () => {
    const topic = `refunds-${Date.now()}`;
    const edited = `Draft a short reply about refunds, edited ${topic}`;
    scriptModel(edited, `Here it is: ${WITHHELD} and ${TOKEN} done`);
    const outcome = call('modern', topic);
    const prompt = await asked();
    expect(prompt).toMatchObject({ serverName: 'Modern', toolName: 'draft_reply', offerRemember: true });
    expect(prompt.request).toMatchObject({
      systemPrompt: SAMPLING_SYSTEM,
      maxTokens: 120,
      temperature: 0.3,
      stopSequences: ['END'],
      messages: [{ role: 'user', blocks: [{ kind: 'text', text: samplingText(topic), edit: 0 }] }],
    });
    expect(prompt.request.modelPreferences).toContain('small');
    // Another user cannot answer it; an edit of the wrong shape binds nothing and the ticket stays open.
    expect(await answerSampling(prompt.id, 'bob', { approved: true })).toMatchObject({ status: 404 });
    expect(await answerSampling(prompt.id, USER, { approved: true, texts: ['a', 'b'] })).toMatchObject({
      status: 422,
    });
    expect(await answerSampling(prompt.id, USER, { approved: true, texts: [edited] })).toEqual({ ok: true });
    const done = await outcome;
    expect(done.sent).toBe(true);

    const [sent] = fake.requests.filter((r) => r.match === edited);
    expect(sent?.body.messages).toEqual([
      { role: 'system', content: SAMPLING_SYSTEM },
      { role: 'user', content: edited },
    ]);
    expect(sent?.body).toMatchObject({ max_tokens: 120, temperature: 0.3, stop: ['END'] });
    expect(sent?.body.tools).toBeUndefined();

    const answer = modern.answers.find((a) => a.topic === topic)?.result;
    expect(answer).toMatchObject({ role: 'assistant', model: 'fake-model', stopReason: 'endTurn' });
    const text = JSON.stringify(answer);
    expect(text).not.toContain(WITHHELD);
    expect(text).not.toContain(TOKEN);
    expect(text).toContain('Here it is:');
    expect(audits).toEqual([
      expect.objectContaining({
        surface: 'sampling',
        serverId: 'modern',
        toolName: 'draft_reply',
        outcome: 'ok',
        argsHash: '',
      }),
    ]);
    expect(JSON.stringify(audits)).not.toContain('refunds');
  });

  it('Sampling "Error Handling": a denied request gets -1 "User rejected sampling request" and the tool result says so (2025-11-25)', async () => {
    const outcome = call('legacy', 'billing');
    const prompt = await asked();
    expect(prompt.serverName).toBe('Legacy');
    expect(await answerSampling(prompt.id, USER, { approved: false })).toEqual({ ok: true });
    const done = await outcome;
    // The v1 SDK's McpError prefixes what came over the wire with "MCP error -1: ".
    expect(legacy.answers.at(-1)).toEqual({
      topic: 'billing',
      error: { code: -1, message: 'MCP error -1: User rejected sampling request' },
    });
    expect(JSON.stringify(done.envelope)).toContain('User rejected sampling request');
    expect(audits.map((a) => a.outcome)).toEqual(['declined:cancelled']);
  });

  it('a denied 2026-07-28 request ends the call with a sentence the model and the card read', async () => {
    const outcome = call('modern', 'denied');
    const prompt = await asked();
    await answerSampling(prompt.id, USER, { approved: false });
    const done = await outcome;
    expect(done.envelope).toMatchObject({
      error: {
        code: 'X_SAMPLING_REFUSED',
        message:
          'Modern asked for a completion from the model (sampling), which was not given: you rejected the request. The call was not completed.',
      },
    });
  });

  it("MCP Apps: a view's own request takes the same gate: shown as the view's, run on the conversation's model with only what it sent, logged as the view's; denied, the view gets the refusal", async () => {
    const topic = `view-${Date.now()}`;
    scriptModel(samplingText(topic), 'from the view');
    const key = registry.getFor('modern', USER)?.key ?? '';
    const origin = {
      viewId: 'call_v',
      callId: 'view:call_v',
      userId: USER,
      conversationId: 'c1',
      serverId: 'modern',
      serverKey: key,
      serverName: 'Modern',
      toolName: 'draft_reply',
    };
    const approved = handleViewSampling(origin, samplingParams(topic));
    const prompt = await asked();
    expect(prompt).toMatchObject({ serverName: 'Modern', toolName: 'draft_reply', fromView: true });
    expect(await answerSampling(prompt.id, USER, { approved: true })).toEqual({ ok: true });
    const answer = await approved;
    expect(JSON.stringify(answer.content)).toContain('from the view');
    const [sent] = fake.requests.filter((r) => r.match === samplingText(topic));
    expect(sent?.body.messages).toEqual([
      { role: 'system', content: SAMPLING_SYSTEM },
      { role: 'user', content: samplingText(topic) },
    ]);

    const denied = handleViewSampling(origin, samplingParams(`${topic}-no`));
    const again = await asked();
    await answerSampling(again.id, USER, { approved: false });
    await expect(denied).rejects.toMatchObject({ code: -1, message: 'User rejected sampling request' });
    expect(audits.map((a) => [a.surface, a.outcome])).toEqual([
      ['view-sampling', 'ok'],
      ['view-sampling', 'declined:cancelled'],
    ]);
  });

  it('attribution: a request outside a single tool call in flight is refused with a clear sentence, and nobody is shown it', async () => {
    const refused = handleSampling('modern', samplingParams('stray'));
    await expect(refused).rejects.toBeInstanceOf(ProtocolError);
    await expect(refused).rejects.toMatchObject({
      code: -1,
      message: expect.stringContaining('could not be tied to a single call in flight'),
    });
    expect(samplingBoard().prompts(USER)).toEqual([]);
    expect(audits).toEqual([]);
  });

  it('Sampling "Security Considerations": over the rate limit a request is refused before anyone is asked', async () => {
    windowFull = true;
    remembered.add(`${USER}/legacy`);
    const done = await call('legacy', 'flood');
    expect(legacy.answers.at(-1)?.error).toMatchObject({
      code: -1,
      message: expect.stringContaining('Too many sampling requests'),
    });
    expect(JSON.stringify(done.envelope)).toContain('Too many sampling requests');
    expect(audits.map((a) => a.outcome)).toEqual(['refused:rate-limited']);
  });

  it('"Always allow sampling from this server": remembered on approval, then runs without asking; never while the server is untrusted by the trust state', async () => {
    scriptModel(samplingText('always'), 'fine');
    const first = call('legacy', 'always');
    const prompt = await asked();
    expect(await answerSampling(prompt.id, USER, { approved: true, remember: true })).toEqual({ ok: true });
    await first;
    expect(remembered.has(`${USER}/legacy`)).toBe(true);

    const second = await call('legacy', 'always');
    expect(JSON.stringify(second.envelope)).toContain('draft: fine');
    expect(audits.map((a) => a.outcome)).toEqual([
      'ok',
      'ok (approved by a remembered rule (always, this server))',
    ]);

    trust = propagate(
      EMPTY_TRUST_STATE,
      { serverId: 'legacy', toolName: 'fetch' },
      {
        openWorld: true,
        malicious: false,
        attribution: [],
        sensitivity: [],
        untrustedPublic: false,
      },
    );
    const third = call('legacy', 'always');
    const again = await asked();
    expect(again.offerRemember).toBe(false);
    expect(again.trustReasons.join(' ')).toContain('open-world');
    // "Always" is refused whole where the dialog did not offer it: nothing is approved.
    expect(await answerSampling(again.id, USER, { approved: true, remember: true })).toMatchObject({
      status: 400,
    });
    expect(await answerSampling(again.id, USER, { approved: true })).toEqual({ ok: true });
    expect(JSON.stringify((await third).envelope)).toContain('draft: fine');
  });
});
