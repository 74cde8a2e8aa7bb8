import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startFakeLlm } from '../fixtures/fake-llm/server';

// A chat turn marks itself as running on this instance while it runs, and the marker goes when the
// turn ends, whatever it came to; the chat handler runs as the route does, against a real database
// and the fake model.
const fake = await startFakeLlm();
const dir = mkdtempSync(join(tmpdir(), 'mcplet-turn-marker-'));
writeFileSync(join(dir, 'host.config.json'), JSON.stringify({ demoServers: false }));
vi.stubEnv('DATA_DIR', join(dir, 'data'));
vi.stubEnv('HOST_CONFIG', join(dir, 'host.config.json'));
vi.stubEnv('LLM_BASE_URL', `${fake.url}/v1`);
vi.stubEnv('LLM_MODEL', 'fake-model');
vi.stubEnv('LLM_MAX_RETRIES', '0');
vi.stubEnv('OLLAMA_BASE_URL', 'http://127.0.0.1:9');

const { handleChatRequest } = await import('../../lib/llm/chat-handler');
const { stopActiveStream } = await import('../../lib/llm/active-streams');
const { getDb, LOCAL_USER_ID } = await import('../../lib/db');
const { listMessages } = await import('../../lib/db/queries/messages');
const { runningTurnOf } = await import('../../lib/db/queries/running-turns');
const { instanceId } = await import('../../lib/runtime/instance-liveness');
const { getRegistry } = await import('../../lib/mcp/host-registry');

const me = { id: LOCAL_USER_ID, displayName: 'Local user' };

afterAll(async () => {
  await (await getRegistry()).closeAll();
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

function send(conversationId: string, text: string, options: { newChat?: boolean; messageId?: string } = {}) {
  return handleChatRequest(
    {
      id: conversationId,
      trigger: options.messageId ? 'regenerate-message' : 'submit-message',
      newChat: options.newChat ?? false,
      message: { id: options.messageId ?? randomUUID(), role: 'user', parts: [{ type: 'text', text }] },
    },
    me,
  );
}

const marker = async (conversationId: string) => runningTurnOf(await getDb(), me.id, conversationId);

/** Once the model has been asked for `match` (it then hangs, as scripted). */
const asked = (match: string) => expect.poll(() => fake.requests.some((r) => r.match === match)).toBe(true);

describe('a running turn is marked while it runs', { timeout: 60_000 }, () => {
  it.each([
    ['a new chat', true],
    ['a chat that goes on', false],
  ])(
    '%s: marked on this instance for its message while the model answers, gone once the reply is stored',
    async (_, newChat) => {
      const match = `slow ${randomUUID()}`;
      fake.scripts.push({
        match,
        steps: [{ kind: 'text', chunks: ['one ', 'two ', 'three'], delayMs: 300 }],
      });
      const id = randomUUID();
      const messageId = randomUUID();
      if (!newChat) {
        fake.scripts.push({ match: 'opening', steps: [{ kind: 'text', chunks: ['hi'] }] });
        await (await send(id, 'opening', { newChat: true })).text();
      }
      const response = await send(id, match, { newChat, messageId });
      expect(response.status).toBe(200);
      await expect.poll(() => marker(id)).toMatchObject({ messageId, instanceId: instanceId() });
      expect(await response.text()).toContain('three');
      await expect.poll(() => marker(id)).toBeNull();
      expect((await listMessages(await getDb(), me.id, id)).at(-1)?.parts).toContainEqual({
        type: 'text',
        text: 'one two three',
        state: 'done',
      });
    },
  );

  it('a turn stopped before the model said anything stores nothing, and its marker goes all the same', async () => {
    const match = `hang ${randomUUID()}`;
    fake.scripts.push({ match, steps: [{ kind: 'hang' }] });
    const id = randomUUID();
    const response = await send(id, match, { newChat: true });
    await asked(match);
    await expect.poll(() => marker(id)).not.toBeNull();
    expect(await stopActiveStream(me.id, id)).toBe(true);
    await response.text();
    await expect.poll(() => marker(id)).toBeNull();
    expect((await listMessages(await getDb(), me.id, id)).map((m) => m.role)).toEqual(['user']);
  });

  it('a retry of the latest message is marked too, and replaces the mark of the turn a crash cut', async () => {
    const match = `retry ${randomUUID()}`;
    fake.scripts.push({ match, steps: [{ kind: 'text', chunks: ['again'], delayMs: 300 }] });
    const id = randomUUID();
    const messageId = randomUUID();
    fake.scripts.push({ match, steps: [{ kind: 'hang' }], times: 1 });
    const first = await send(id, match, { newChat: true, messageId });
    await asked(match);
    await expect.poll(() => marker(id)).not.toBeNull();
    // As if its instance had died: the marker stays behind, of a turn and an instance no one runs.
    const db = await getDb();
    await db
      .updateTable('running_turns')
      .set({ instance_id: 'a-dead-run', turn_id: 'a-dead-turn' })
      .where('conversation_id', '=', id)
      .execute();
    await stopActiveStream(me.id, id);
    await first.text();
    const retried = await send(id, match, { messageId });
    await expect.poll(() => marker(id)).toMatchObject({ messageId, instanceId: instanceId() });
    expect(await retried.text()).toContain('again');
    await expect.poll(() => marker(id)).toBeNull();
    // The mark the retry's read made was replaced by its reply.
    const stored = await listMessages(db, me.id, id);
    expect(stored.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(stored[1]?.metadata).toBeUndefined();
  });
});
