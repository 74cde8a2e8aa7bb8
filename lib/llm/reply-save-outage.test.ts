import { randomUUID } from 'node:crypto';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { UIMessage, UIMessageChunk } from 'ai';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeLlm, startFakeLlm } from '../../tests/fixtures/fake-llm/server';
import { proxyFor, type TcpProxy } from '../../tests/fixtures/tcp-proxy';
import { type Db, LOCAL_USER_ID, openDb } from '../db/connect';
import { ensureConversation } from '../db/queries/conversations';
import { saveMessage, saveReply } from '../db/queries/messages';
import { runChatTurn } from './chat-turn';
import { HeldReplies } from './held-replies';
import type { SaveRetry } from './reply-save';

// The reply's save against the machine's PostgreSQL, through a TCP proxy the test cuts while the
// reply streams: the stream says it finished only once the reply is stored, and says it was not
// stored when the database stays away past the bound.
const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `t_reply_${process.pid}_${Date.now()}`;

let fake: FakeLlm;
let proxy: TcpProxy;
let db: Db;
let admin: pg.Client;

beforeAll(async () => {
  vi.stubEnv('HOST_KEY', 'ab'.repeat(32));
  fake = await startFakeLlm();
  proxy = await proxyFor(url, 5432);
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  db = await openDb({ databaseUrl: proxy.urlFor(url), schema });
});

afterAll(async () => {
  await proxy.restore();
  await db?.destroy();
  await admin?.query(`drop schema if exists ${schema} cascade`);
  await admin?.end();
  await proxy?.close();
  await fake?.close();
  vi.unstubAllEnvs();
});

afterEach(async () => {
  vi.restoreAllMocks();
  await proxy.restore();
});

/** The stored reply's text, read past the proxy (null when it is not stored). */
async function storedText(conversationId: string, messageId: string): Promise<string | null> {
  const { rows } = await admin.query<{ parts: Array<{ type: string; text?: string }> }>(
    `select parts from ${schema}.messages where conversation_id = $1 and id = $2`,
    [conversationId, messageId],
  );
  const row = rows[0];
  return row ? row.parts.map((p) => (p.type === 'text' ? p.text : '')).join('') : null;
}

/** A conversation with its user message stored, and a turn on it whose reply streams slowly. */
async function startTurn(prompt: string, saveRetry: Partial<SaveRetry>, held: HeldReplies) {
  const conversationId = randomUUID();
  await ensureConversation(db, LOCAL_USER_ID, conversationId, {
    title: 't',
    chatMode: 'normal',
    modelId: null,
  });
  const question: UIMessage = { id: randomUUID(), role: 'user', parts: [{ type: 'text', text: prompt }] };
  await saveMessage(db, LOCAL_USER_ID, conversationId, question);
  fake.scripts.push({
    match: prompt,
    steps: [{ kind: 'text', chunks: ['the ', 'whole ', 'reply'], delayMs: 150 }],
  });
  const stream = runChatTurn({
    model: createOpenAICompatible({ name: 'fake', baseURL: `${fake.url}/v1` }).chatModel('fake-model'),
    history: [question],
    tools: {},
    chatMode: 'normal',
    maxSteps: 1,
    maxRetries: 0,
    timeoutMs: 10_000,
    saveRetry,
    async onResponse(message) {
      await saveReply(db, LOCAL_USER_ID, conversationId, message);
    },
    holdUnsaved(messageId, save) {
      held.hold({ userId: LOCAL_USER_ID, conversationId, messageId }, save);
    },
  });
  return { conversationId, reader: stream.getReader() };
}

/** Reads until the first text arrives; the reply's id from its start chunk. */
async function readUntilText(reader: ReadableStreamDefaultReader<UIMessageChunk>): Promise<string> {
  let messageId = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) throw new Error('the stream ended before the model answered');
    if (value.type === 'start') messageId = value.messageId ?? '';
    if (value.type === 'text-delta') return messageId;
  }
}

/** The rest of the stream, each chunk with the time it arrived. */
async function readRest(
  reader: ReadableStreamDefaultReader<UIMessageChunk>,
  onChunk?: (c: UIMessageChunk) => void,
) {
  const chunks: Array<{ chunk: UIMessageChunk; at: number }> = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    onChunk?.(value);
    chunks.push({ chunk: value, at: Date.now() });
  }
}

/** A turn whose database is cut as its first text arrives, and left cut: the rest of its stream. */
async function cutMidReply(prompt: string, saveRetry: Partial<SaveRetry>, held: HeldReplies) {
  const { conversationId, reader } = await startTurn(prompt, saveRetry, held);
  const messageId = await readUntilText(reader);
  await proxy.cut();
  const chunks = (await readRest(reader)).map((c) => c.chunk);
  return { owner: { userId: LOCAL_USER_ID, conversationId, messageId }, chunks };
}

describe('a reply is stored or the user is told (PostgreSQL cut through a proxy while the reply streams)', () => {
  it('the database comes back within the bound: the reply is stored, and finish arrives only after that', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const held = new HeldReplies();
    const { conversationId, reader } = await startTurn(
      'outage short',
      { boundMs: 15_000, backoff: () => 200 },
      held,
    );
    const messageId = await readUntilText(reader);
    await proxy.cut();
    let restoredAt = Number.POSITIVE_INFINITY;
    const restoring = new Promise<void>((resolve) =>
      setTimeout(() => {
        void proxy.restore().then(() => {
          restoredAt = Date.now();
          resolve();
        });
      }, 2_000),
    );
    let storedAtFinish: Promise<string | null> | null = null;
    const rest = await readRest(reader, (chunk) => {
      // Read at once, before anything else runs: what the client may trust when it sees finish.
      if (chunk.type === 'finish') storedAtFinish = storedText(conversationId, messageId);
    });
    await restoring;
    const finish = rest.find((c) => c.chunk.type === 'finish');
    expect(finish, 'the stream finishes').toBeDefined();
    expect(finish?.at).toBeGreaterThanOrEqual(restoredAt);
    expect(await storedAtFinish).toBe('the whole reply');
    expect(rest.map((c) => c.chunk.type)).not.toContain('data-reply-save');
    expect(held.size).toBe(0);
  }, 30_000);

  it('the database stays away past the bound: no finish, the not-saved part, the log line; Retry saving stores it once it is back', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const held = new HeldReplies({ everyMs: 60_000 });
    const { owner, chunks } = await cutMidReply('outage long', { boundMs: 1_500, backoff: () => 200 }, held);
    expect(chunks.map((c) => c.type)).not.toContain('finish');
    expect(chunks.at(-1)).toEqual({
      type: 'data-reply-save',
      id: 'reply-save',
      data: { saved: false, reason: 'database', held: true },
    });
    const lines = logged.mock.calls.map((call) => call.join(' '));
    expect(lines.some((l) => /\[chat\] could not save the reply/.test(l) && /ECONNREFUSED/.test(l))).toBe(
      true,
    );
    expect(held.has(owner)).toBe(true);
    await proxy.restore();
    expect(await storedText(owner.conversationId, owner.messageId)).toBeNull();
    expect(await held.retry(owner)).toEqual({ status: 'saved' });
    expect(await storedText(owner.conversationId, owner.messageId)).toBe('the whole reply');
    expect(held.has(owner)).toBe(false);
  }, 30_000);

  it('a held reply is stored by the background retries once the database is back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const held = new HeldReplies({ everyMs: 300 });
    const { owner } = await cutMidReply('outage background', { boundMs: 800, backoff: () => 200 }, held);
    const stored = () => storedText(owner.conversationId, owner.messageId);
    expect(held.has(owner)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await stored()).toBeNull();
    await proxy.restore();
    await vi.waitFor(async () => expect(await stored()).toBe('the whole reply'), {
      timeout: 10_000,
      interval: 100,
    });
    expect(held.size).toBe(0);
    held.clear();
  }, 30_000);
});
