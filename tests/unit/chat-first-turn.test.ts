import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UIMessage } from 'ai';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { listenVault } from '../../servers/vault/http';
import { startFakeLlm } from '../fixtures/fake-llm/server';
import { someoneElsesConversation } from '../fixtures/someone-elses-conversation';

// A new chat's first message goes to the model while the database opens the conversation,
// on the client's word (`newChat`); a chat that goes on reads its history beside that. These run the
// chat handler as the route does, against a real database and the fake model, and check what a
// wrong or hostile word gets.
const fake = await startFakeLlm();
const vault = await listenVault(0);
const dir = mkdtempSync(join(tmpdir(), 'mcplet-first-turn-'));
writeFileSync(
  join(dir, 'host.config.json'),
  JSON.stringify({
    demoServers: false,
    servers: [{ id: 'vault', name: 'Vault', transport: { type: 'http', url: vault.url } }],
  }),
);
vi.stubEnv('DATA_DIR', join(dir, 'data'));
vi.stubEnv('HOST_CONFIG', join(dir, 'host.config.json'));
vi.stubEnv('LLM_BASE_URL', `${fake.url}/v1`);
vi.stubEnv('LLM_MODEL', 'fake-model');
vi.stubEnv('LLM_MAX_RETRIES', '0');
vi.stubEnv('OLLAMA_BASE_URL', 'http://127.0.0.1:9');

const { handleChatRequest } = await import('../../lib/llm/chat-handler');
const { getDb, LOCAL_USER_ID } = await import('../../lib/db');
const { listMessages, saveMessage } = await import('../../lib/db/queries/messages');
const { getRegistry } = await import('../../lib/mcp/host-registry');

const me = { id: LOCAL_USER_ID, displayName: 'Local user' };

afterAll(async () => {
  await (await getRegistry()).closeAll();
  await fake.close();
  await vault.close();
  rmSync(dir, { recursive: true, force: true });
});

function send(conversationId: string, text: string, newChat: boolean) {
  return handleChatRequest(
    {
      id: conversationId,
      trigger: 'submit-message',
      newChat,
      message: { id: randomUUID(), role: 'user', parts: [{ type: 'text', text }] },
    },
    me,
  );
}

/** What the model was sent for turns whose last message holds `match`: each request's message texts. */
function modelSaw(match: string): string[][] {
  return fake.requests
    .filter((r) => r.match === match)
    .map((r) => (r.body.messages ?? []).map((m) => JSON.stringify(m.content ?? '')));
}

/**
 * A chat's first turn (as a new chat), then a second one sent with `newChat` as given: what the
 * second answered, what the model saw for it, and the messages stored. Each reply is its question
 * followed by " answer".
 */
async function twoTurns(first: string, second: string, newChat: boolean) {
  for (const question of [first, second])
    fake.scripts.push({ match: question, steps: [{ kind: 'text', chunks: [`${question} answer`] }] });
  const id = randomUUID();
  await (await send(id, first, true)).text();
  const response = await send(id, second, newChat);
  expect(response.status).toBe(200);
  return {
    answered: await response.text(),
    model: modelSaw(second).at(-1)?.join('\n'),
    stored: texts(await listMessages(await getDb(), me.id, id)),
  };
}

function texts(messages: UIMessage[]): string[] {
  return messages.map((m) => m.parts.map((p) => (p.type === 'text' ? p.text : '')).join(''));
}

// The first turn opens the registry and the database: slow on a loaded machine.
describe('a chat turn asks the model as soon as it may', { timeout: 60_000 }, () => {
  it('answers and stores the first message and its reply', async () => {
    fake.scripts.push({
      match: 'first of a new chat',
      steps: [{ kind: 'text', chunks: ['Hello ', 'there'] }],
    });
    const id = randomUUID();
    const response = await send(id, 'first of a new chat', true);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('there');
    expect(texts(await listMessages(await getDb(), me.id, id))).toEqual([
      'first of a new chat',
      'Hello there',
    ]);
  });

  it('runs a tool the model calls in that first turn, once the conversation is confirmed', async () => {
    fake.scripts.push({
      match: 'read the page for me',
      steps: [
        { kind: 'tool-calls', calls: [{ name: 'vault__fetch_page', arguments: {} }] },
        { kind: 'text', chunks: ['I read it.'] },
      ],
    });
    const id = randomUUID();
    const response = await send(id, 'read the page for me', true);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('I read it.');
    const [, reply] = await listMessages(await getDb(), me.id, id);
    const call = reply?.parts.find((p) => p.type === 'tool-vault__fetch_page');
    expect(call).toMatchObject({ state: 'output-available', output: { view: { sent: true } } });
    expect(JSON.stringify(call)).toContain('content');
  });

  it('a chat that already exists (the client was wrong) is answered on its history, and its message stored once', async () => {
    const { answered, model, stored } = await twoTurns('earlier question', 'later question', true);
    expect(answered).toContain('later question answer');
    expect(model).toContain('earlier question');
    expect(model).toContain('earlier question answer');
    expect(stored).toEqual([
      'earlier question',
      'earlier question answer',
      'later question',
      'later question answer',
    ]);
  });

  it('a chat that goes on (no newChat) is answered on its history, read beside the upsert', async () => {
    const { answered, model, stored } = await twoTurns('opening words', 'going on', false);
    expect(answered).toContain('going on answer');
    expect(model).toContain('opening words answer');
    expect(stored).toEqual(['opening words', 'opening words answer', 'going on', 'going on answer']);
  });

  it.each([true, false])(
    "another user's conversation is not found (newChat %s): the model never sees its history and nothing is stored in it",
    async (newChat) => {
      const db = await getDb();
      const id = await someoneElsesConversation(db);
      const theirs: UIMessage = {
        id: randomUUID(),
        role: 'user',
        parts: [{ type: 'text', text: 'their private words' }],
      };
      await saveMessage(db, 'someone-else', id, theirs);
      fake.scripts.push({
        match: 'probe their chat',
        steps: [{ kind: 'text', chunks: ['should not be kept'] }],
      });

      const response = await send(id, 'probe their chat', newChat);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'This conversation does not exist.' });
      for (const request of modelSaw('probe their chat')) expect(request.join('\n')).not.toContain('private');
      expect(texts(await listMessages(db, 'someone-else', id))).toEqual(['their private words']);
      expect(await listMessages(db, me.id, id)).toEqual([]);
    },
  );
});
