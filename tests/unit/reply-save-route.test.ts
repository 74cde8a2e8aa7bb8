import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { someoneElsesConversation } from '../fixtures/someone-elses-conversation';

// Retry saving (POST /api/chat/[id]/reply-save) as the host runs it, on a fresh data directory.
const dir = mkdtempSync(join(tmpdir(), 'mcplet-reply-save-'));
const hostOrigin = 'http://localhost:3997';
writeFileSync(join(dir, 'host.config.json'), JSON.stringify({ demoServers: false }));
vi.stubEnv('DATA_DIR', join(dir, 'data'));
vi.stubEnv('HOST_CONFIG', join(dir, 'host.config.json'));
vi.stubEnv('PORT', '3997');
vi.stubEnv('PUBLIC_ORIGIN', hostOrigin);

const { POST } = await import('../../app/api/chat/[id]/reply-save/route');
const { heldReplies } = await import('../../lib/llm/held-replies');
const { NOT_HELD } = await import('../../lib/llm/reply-save-api');
const { getDb, LOCAL_USER_ID } = await import('../../lib/db');
const { ensureConversation } = await import('../../lib/db/queries/conversations');
const { saveMessage } = await import('../../lib/db/queries/messages');

afterEach(() => {
  heldReplies().clear();
  vi.restoreAllMocks();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function retrySaving(conversationId: string, body: unknown) {
  return POST(
    new Request(`${hostOrigin}/api/chat/${conversationId}/reply-save`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({ id: conversationId }) },
  );
}

async function myConversation(): Promise<string> {
  const id = randomUUID();
  await ensureConversation(await getDb(), LOCAL_USER_ID, id, {
    title: 'm',
    chatMode: 'normal',
    modelId: null,
  });
  return id;
}

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('Retry saving answers only for the user’s own conversation', () => {
  it("another user's conversation, or none, is not found (404), like every other route of a conversation", async () => {
    const theirs = await someoneElsesConversation(await getDb());
    const response = await retrySaving(theirs, { messageId: 'msg-1' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'This conversation does not exist.' });
    expect((await retrySaving(randomUUID(), { messageId: 'msg-1' })).status).toBe(404);
    expect((await retrySaving('not an id', { messageId: 'msg-1' })).status).toBe(404);
  });

  it('a reply this instance does not hold: 404 saying so, and to copy it', async () => {
    const mine = await myConversation();
    const response = await retrySaving(mine, { messageId: 'msg-gone' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: NOT_HELD });
  });

  it('a reply already stored (the background retry got there first) answers saved', async () => {
    const mine = await myConversation();
    await saveMessage(await getDb(), LOCAL_USER_ID, mine, {
      id: 'msg-stored',
      role: 'assistant',
      parts: [{ type: 'text', text: 'kept' }],
    });
    const response = await retrySaving(mine, { messageId: 'msg-stored' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ saved: true });
  });

  it('a held reply: 503 naming the database while it is unreachable, saved once it answers', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const mine = await myConversation();
    let down = true;
    heldReplies().hold({ userId: LOCAL_USER_ID, conversationId: mine, messageId: 'msg-held' }, async () => {
      if (down) throw refused();
    });
    const unreachable = await retrySaving(mine, { messageId: 'msg-held' });
    expect(unreachable.status).toBe(503);
    expect(unreachable.headers.get('retry-after')).toBe('5');
    expect(await unreachable.json()).toMatchObject({ part: 'database' });
    down = false;
    const saved = await retrySaving(mine, { messageId: 'msg-held' });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ saved: true });
  });

  it("another user's held reply is not reachable with the same ids", async () => {
    const theirs = await someoneElsesConversation(await getDb());
    let calls = 0;
    heldReplies().hold(
      { userId: 'someone-else', conversationId: theirs, messageId: 'msg-theirs' },
      async () => {
        calls++;
      },
    );
    expect((await retrySaving(theirs, { messageId: 'msg-theirs' })).status).toBe(404);
    expect(calls).toBe(0);
  });

  it('a body without a message id is refused (400)', async () => {
    const mine = await myConversation();
    expect((await retrySaving(mine, {})).status).toBe(400);
    expect((await retrySaving(mine, { messageId: '../x' })).status).toBe(400);
  });
});
