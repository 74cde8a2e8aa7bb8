import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { UIMessage } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm, TITLE_MATCH } from '../../tests/fixtures/fake-llm/server';
import { createScrubSet } from '../trust/scrub';
import { askTitle } from './conversation-title';
import { cleanTitle, TITLE_MARKER } from './title-prompt';

let fake: FakeLlm;
beforeAll(async () => {
  fake = await startFakeLlm();
});
afterAll(() => fake.close());

const model = (baseURL = `${fake.url}/v1`) =>
  createOpenAICompatible({ name: 'fake', baseURL }).chatModel('fake-model');
const message = (role: 'user' | 'assistant', text: string): UIMessage => ({
  id: `${role}-1`,
  role,
  parts: [{ type: 'text', text }],
});
const SECRET = 'acct-7777-1234';

describe('generated titles', () => {
  it('one call with the fixed title prompt, the first message and reply scrubbed, and no scripted turn taken', async () => {
    fake.scripts.push({ match: 'plan a trip', steps: [{ kind: 'text', chunks: ['scripted'] }], times: 1 });
    const title = await askTitle(
      model(),
      {
        user: message('user', `Please plan a trip, account ${SECRET}`),
        reply: message('assistant', 'Sure.'),
      },
      { scrubSet: createScrubSet([SECRET]) },
    );
    expect(title).toBe('Titled Please plan a trip, account');
    const [request] = fake.requests.filter((r) => r.match === TITLE_MATCH);
    expect(JSON.stringify(request?.body)).toContain(TITLE_MARKER);
    expect(JSON.stringify(request?.body)).not.toContain(SECRET);
    // The script meant for that message's turn is still there to answer it.
    expect(fake.scripts.at(-1)?.times).toBe(1);
  });

  it('a failed call gives no title (the caller keeps its own)', async () => {
    expect(
      await askTitle(
        model('http://127.0.0.1:9/v1'),
        { user: message('user', 'hi'), reply: message('assistant', 'yo') },
        {},
      ),
    ).toBeNull();
  });

  it("the model's answer is cut to one short line without quotes", () => {
    expect(cleanTitle('  "Trip to Lyon."\n')).toBe('Trip to Lyon');
    expect(cleanTitle('Title: Budget')).toBe('Budget');
    expect(cleanTitle('  ')).toBeNull();
    expect(cleanTitle('x'.repeat(100))).toHaveLength(80);
  });
});
