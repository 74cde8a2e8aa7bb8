import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UIMessage } from 'ai';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startFakeLlm } from '../fixtures/fake-llm/server';
import { SOMEONE_ELSE, someoneElsesConversation } from '../fixtures/someone-elses-conversation';

// Versions of a message (lib/chat/message-tree.ts) through the chat handler as the route runs it:
// an edit and a regenerated reply keep the earlier branch; the model is sent the branch the client
// names, read from the database; only the conversation's own user can show another branch of it.
const fake = await startFakeLlm();
const dir = mkdtempSync(join(tmpdir(), 'mcplet-versions-'));
writeFileSync(join(dir, 'host.config.json'), JSON.stringify({ demoServers: false, servers: [] }));
vi.stubEnv('DATA_DIR', join(dir, 'data'));
vi.stubEnv('HOST_CONFIG', join(dir, 'host.config.json'));
vi.stubEnv('LLM_BASE_URL', `${fake.url}/v1`);
vi.stubEnv('LLM_MODEL', 'fake-model');
vi.stubEnv('LLM_MAX_RETRIES', '0');
vi.stubEnv('OLLAMA_BASE_URL', 'http://127.0.0.1:9');

const { handleChatRequest } = await import('../../lib/llm/chat-handler');
const { getDb, LOCAL_USER_ID } = await import('../../lib/db');
const { listMessages, listMessageTree, saveMessage } = await import('../../lib/db/queries/messages');
const { openBranch, switchVersion } = await import('../../lib/llm/message-branch');
const { getRegistry } = await import('../../lib/mcp/host-registry');

const me = { id: LOCAL_USER_ID, displayName: 'Local user' };

afterAll(async () => {
  await (await getRegistry()).closeAll();
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Send {
  id?: string;
  parentId?: string | null;
  trigger?: 'submit-message' | 'regenerate-message';
  newChat?: boolean;
}

/** One turn; the reply is `${text} answer` (or the script already pushed). Its status and stream text. */
async function send(conversation: string, text: string, options: Send = {}) {
  if (!fake.scripts.some((s) => s.match === text))
    fake.scripts.push({ match: text, steps: [{ kind: 'text', chunks: [`${text} answer`] }] });
  const response = await handleChatRequest(
    {
      id: conversation,
      trigger: options.trigger ?? 'submit-message',
      ...(options.newChat ? { newChat: true } : {}),
      ...(options.parentId !== undefined ? { parentId: options.parentId } : {}),
      message: { id: options.id ?? randomUUID(), role: 'user', parts: [{ type: 'text', text }] },
    },
    me,
  );
  return { status: response.status, text: await response.text() };
}

/** Every message's text the model was sent for the last turn whose message holds `match`. */
function modelSaw(match: string): string {
  const request = fake.requests.filter((r) => r.match === match).at(-1);
  return JSON.stringify(request?.body.messages ?? []);
}

function texts(messages: UIMessage[]): string[] {
  return messages.map((m) => m.parts.map((p) => (p.type === 'text' ? p.text : '')).join(''));
}

async function shown(conversation: string): Promise<string[]> {
  return texts(await listMessages(await getDb(), me.id, conversation));
}

const tag = () => randomUUID().slice(0, 8);

describe('message versions through the chat handler', { timeout: 90_000 }, () => {
  it('an edit is a version beside the message: the earlier branch stays, the model sees only the branch sent after', async () => {
    const db = await getDb();
    const id = randomUUID();
    const t = tag();
    const firstId = randomUUID();
    expect((await send(id, `alpha ${t}`, { id: firstId, newChat: true, parentId: null })).status).toBe(200);
    expect((await send(id, `beta ${t}`, { parentId: null })).status).toBe(200);
    // The edit is shown; the first ask and its reply are kept, a version away.
    expect(await shown(id)).toEqual([`beta ${t}`, `beta ${t} answer`]);
    expect(modelSaw(`beta ${t}`)).not.toContain(`alpha ${t}`);
    const tree = await listMessageTree(db, me.id, id);
    expect(tree.nodes.map((n) => n.parentId === null)).toEqual([true, false, true, false]);

    // Back to the first version: its branch down to its reply.
    const back = await switchVersion(db, me.id, id, firstId);
    expect(back && texts(back.messages)).toEqual([`alpha ${t}`, `alpha ${t} answer`]);
    expect(back?.tree).toHaveLength(4);
    expect(await shown(id)).toEqual([`alpha ${t}`, `alpha ${t} answer`]);

    // A turn after that branch's reply is answered on that branch only.
    const reply = tree.nodes[1]?.id ?? '';
    expect((await send(id, `gamma ${t}`, { parentId: reply })).status).toBe(200);
    expect(modelSaw(`gamma ${t}`)).toContain(`alpha ${t} answer`);
    expect(modelSaw(`gamma ${t}`)).not.toContain(`beta ${t}`);
    expect(await shown(id)).toEqual([`alpha ${t}`, `alpha ${t} answer`, `gamma ${t}`, `gamma ${t} answer`]);
  });

  it('a regenerated reply is a version beside the earlier one; the earlier reply is never sent with it', async () => {
    const db = await getDb();
    const id = randomUUID();
    const t = tag();
    const question = `ask ${t}`;
    fake.scripts.push({ match: question, steps: [{ kind: 'text', chunks: ['take two'] }] });
    fake.scripts.push({ match: question, steps: [{ kind: 'text', chunks: ['take one'] }], times: 1 });
    const askId = randomUUID();
    await send(id, question, { id: askId, newChat: true, parentId: null });
    const again = await send(id, question, { id: askId, trigger: 'regenerate-message' });
    expect(again.status).toBe(200);
    expect(again.text).toContain('take two');
    expect(modelSaw(question)).not.toContain('take one');
    expect(await shown(id)).toEqual([question, 'take two']);
    const replies = (await listMessageTree(db, me.id, id)).nodes.filter((n) => n.parentId === askId);
    expect(replies.map((n) => texts([n.message])[0])).toEqual(['take one', 'take two']);

    // A sent message cannot be changed under its id: an edit is a new message.
    const changed = await handleChatRequest(
      {
        id,
        trigger: 'regenerate-message',
        message: { id: askId, role: 'user', parts: [{ type: 'text', text: 'rewritten' }] },
      },
      me,
    );
    expect(changed.status).toBe(409);
    expect(await shown(id)).toEqual([question, 'take two']);
  });

  it('a parent the client names that is not stored here reads as the branch shown; one of another conversation is never followed', async () => {
    const db = await getDb();
    const mine = randomUUID();
    const t = tag();
    await send(mine, `one ${t}`, { newChat: true, parentId: null });
    const other = randomUUID();
    await send(other, `elsewhere ${t}`, { newChat: true, parentId: null });
    const [elsewhere] = (await listMessageTree(db, me.id, other)).nodes;
    expect((await send(mine, `two ${t}`, { parentId: elsewhere?.id ?? '' })).status).toBe(200);
    expect(modelSaw(`two ${t}`)).not.toContain('elsewhere');
    expect(await shown(mine)).toEqual([`one ${t}`, `one ${t} answer`, `two ${t}`, `two ${t} answer`]);
  });

  it('another user can neither show a branch of a conversation nor read one: it is not found and nothing changes', async () => {
    const db = await getDb();
    const theirs = await someoneElsesConversation(db);
    const first: UIMessage = {
      id: randomUUID(),
      role: 'user',
      parts: [{ type: 'text', text: 'their first' }],
    };
    const edit: UIMessage = { id: randomUUID(), role: 'user', parts: [{ type: 'text', text: 'their edit' }] };
    await saveMessage(db, SOMEONE_ELSE, theirs, first, { parentId: null });
    await saveMessage(db, SOMEONE_ELSE, theirs, edit, { parentId: null });
    expect(await switchVersion(db, me.id, theirs, first.id)).toBeNull();
    expect(texts(await listMessages(db, SOMEONE_ELSE, theirs))).toEqual(['their edit']);
    expect(await openBranch(db, me.id, theirs, first.id)).toEqual({ messages: [], tree: [] });
    expect(texts(await listMessages(db, SOMEONE_ELSE, theirs))).toEqual(['their edit']);
    // Their own switch works.
    expect(texts((await switchVersion(db, SOMEONE_ELSE, theirs, first.id))?.messages ?? [])).toEqual([
      'their first',
    ]);
  });

  it('opened at a message of a branch not shown (a search hit), the conversation shows that branch', async () => {
    const db = await getDb();
    const id = randomUUID();
    const t = tag();
    const firstId = randomUUID();
    await send(id, `old ${t}`, { id: firstId, newChat: true, parentId: null });
    await send(id, `new ${t}`, { parentId: null });
    const opened = await openBranch(db, me.id, id, firstId);
    expect(texts(opened.messages)).toEqual([`old ${t}`, `old ${t} answer`]);
    expect(await shown(id)).toEqual([`old ${t}`, `old ${t} answer`]);
    // A message it does not hold changes nothing.
    expect(texts((await openBranch(db, me.id, id, 'nowhere')).messages)).toEqual([
      `old ${t}`,
      `old ${t} answer`,
    ]);
  });
});
