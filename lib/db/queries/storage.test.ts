import { randomBytes } from 'node:crypto';
import type { UIMessage } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, LOCAL_USER_ID } from '../connect';
import { listAudit, recordAudit } from './audit';
import {
  deleteConversation,
  ensureConversation,
  getConversation,
  listConversations,
  updateConversation,
} from './conversations';
import { dbTestTargets } from './db-targets';
import { listMessages, saveMessage, saveReply } from './messages';
import { deletePinsOf, listPins, savePin } from './pins';
import {
  deleteStoredServer,
  listStoredServers,
  storedServer,
  storeServer,
  updateStoredServer,
} from './servers';
import { listTrustStates, loadTrustState, saveTrustState } from './trust-state';

const text = (id: string, role: 'user' | 'assistant', body: string): UIMessage => ({
  id,
  role,
  parts: [{ type: 'text', text: body }],
});

const targets = dbTestTargets();

describe.each(targets)('storage on $name', (target) => {
  let db: Db;
  const other = 'someone-else';

  beforeAll(async () => {
    db = await target.open();
    await db.insertInto('users').values({ id: other, display_name: 'Other' }).execute();
  });
  afterAll(async () => {
    await target.close(db);
  });

  it('migrates idempotently and has the built-in local user', async () => {
    const user = await db.selectFrom('users').selectAll().where('id', '=', LOCAL_USER_ID).executeTakeFirst();
    expect(user?.display_name).toBe('Local user');
  });

  it('a conversation keeps its trust state (migration 0006); another user can neither read nor write it', async () => {
    await ensureConversation(db, LOCAL_USER_ID, 'trust-1', {
      title: 'Trust',
      chatMode: 'normal',
      modelId: null,
    });
    expect(await loadTrustState(db, LOCAL_USER_ID, 'trust-1')).toBeNull();
    const state = JSON.stringify({ version: 1, openWorld: true, attribution: ['https://evil.example/page'] });
    await saveTrustState(db, LOCAL_USER_ID, 'trust-1', state);
    expect(JSON.parse((await loadTrustState(db, LOCAL_USER_ID, 'trust-1')) ?? 'null')).toEqual(
      JSON.parse(state),
    );
    await saveTrustState(db, other, 'trust-1', '{}');
    expect(await loadTrustState(db, other, 'trust-1')).toBeNull();
    expect(JSON.parse((await loadTrustState(db, LOCAL_USER_ID, 'trust-1')) ?? 'null')).toEqual(
      JSON.parse(state),
    );
    expect((await listTrustStates(db, LOCAL_USER_ID)).map((r) => [r.id, r.title])).toEqual([
      ['trust-1', 'Trust'],
    ]);
    expect(await listTrustStates(db, other)).toEqual([]);
    await deleteConversation(db, LOCAL_USER_ID, 'trust-1');
  });

  it('creates, lists, renames and deletes a conversation owned by its user', async () => {
    const created = await ensureConversation(db, LOCAL_USER_ID, 'c1', {
      title: 'First',
      chatMode: 'normal',
      modelId: null,
    });
    expect(created).toMatchObject({ status: 'created', conversation: { id: 'c1', title: 'First' } });
    const again = await ensureConversation(db, LOCAL_USER_ID, 'c1', {
      title: 'x',
      chatMode: 'normal',
      modelId: null,
    });
    // One statement answers both: the stored row, not the values of the insert that did nothing; the
    // no-op update that returns it leaves the row as it was.
    expect(again).toMatchObject({ status: 'existing', conversation: { id: 'c1', title: 'First' } });
    expect(again.status === 'existing' && again.conversation.updatedAt).toBe(
      created.status === 'created' && created.conversation.updatedAt,
    );
    expect(
      await updateConversation(db, LOCAL_USER_ID, 'c1', { title: 'Renamed', chatMode: 'tool-only' }),
    ).toBe(true);
    const list = await listConversations(db, LOCAL_USER_ID);
    expect(list.map((c) => [c.id, c.title, c.chatMode])).toEqual([['c1', 'Renamed', 'tool-only']]);
    expect(await deleteConversation(db, LOCAL_USER_ID, 'c1')).toBe(true);
    expect(await getConversation(db, LOCAL_USER_ID, 'c1')).toBeNull();
  });

  it("refuses another user's conversation id and hides it from them", async () => {
    await ensureConversation(db, LOCAL_USER_ID, 'mine', { title: 'Mine', chatMode: 'normal', modelId: null });
    const theirs = await ensureConversation(db, other, 'mine', {
      title: 'Theirs',
      chatMode: 'normal',
      modelId: null,
    });
    expect(theirs.status).toBe('forbidden');
    expect(await getConversation(db, other, 'mine')).toBeNull();
    expect(await updateConversation(db, other, 'mine', { title: 'Stolen' })).toBe(false);
    expect(await deleteConversation(db, other, 'mine')).toBe(false);
    expect((await getConversation(db, LOCAL_USER_ID, 'mine'))?.title).toBe('Mine');
  });

  it('stores UI message parts in order and upserts by id', async () => {
    await ensureConversation(db, LOCAL_USER_ID, 'c2', { title: 'T', chatMode: 'normal', modelId: null });
    await saveMessage(db, LOCAL_USER_ID, 'c2', text('u1', 'user', 'hello'));
    await saveMessage(db, LOCAL_USER_ID, 'c2', text('a1', 'assistant', 'hi'));
    await saveMessage(db, LOCAL_USER_ID, 'c2', text('a1', 'assistant', 'hi there'));
    await saveMessage(db, LOCAL_USER_ID, 'c2', {
      id: 'u2',
      role: 'user',
      parts: [{ type: 'text', text: 'unicode ✓ "quotes" \\ and\nnewlines' }],
      metadata: { chatMode: 'normal' },
    });
    const messages = await listMessages(db, LOCAL_USER_ID, 'c2');
    expect(messages.map((m) => m.id)).toEqual(['u1', 'a1', 'u2']);
    expect(messages[1]?.parts).toEqual([{ type: 'text', text: 'hi there' }]);
    expect(messages[2]?.parts).toEqual([{ type: 'text', text: 'unicode ✓ "quotes" \\ and\nnewlines' }]);
    expect(messages[2]?.metadata).toEqual({ chatMode: 'normal' });
    expect(await listMessages(db, other, 'c2')).toEqual([]);
  });

  it('a reply is saved and its conversation marked updated in one statement; upserted like any message', async () => {
    await ensureConversation(db, LOCAL_USER_ID, 'reply-1', { title: 'R', chatMode: 'normal', modelId: null });
    const before = (await getConversation(db, LOCAL_USER_ID, 'reply-1'))?.updatedAt ?? '';
    await new Promise((resolve) => setTimeout(resolve, 5));
    await saveReply(db, LOCAL_USER_ID, 'reply-1', text('a1', 'assistant', 'first'));
    await saveReply(db, LOCAL_USER_ID, 'reply-1', text('a1', 'assistant', 'replaced'));
    expect(await listMessages(db, LOCAL_USER_ID, 'reply-1')).toEqual([text('a1', 'assistant', 'replaced')]);
    const after = (await getConversation(db, LOCAL_USER_ID, 'reply-1'))?.updatedAt ?? '';
    expect(after > before).toBe(true);
    await saveReply(db, other, 'reply-1', text('a1', 'assistant', 'not theirs'));
    expect(await listMessages(db, LOCAL_USER_ID, 'reply-1')).toEqual([text('a1', 'assistant', 'replaced')]);
    expect((await getConversation(db, LOCAL_USER_ID, 'reply-1'))?.updatedAt).toBe(after);
  });

  it('cascades message deletion with the conversation', async () => {
    await ensureConversation(db, LOCAL_USER_ID, 'c3', { title: 'T', chatMode: 'normal', modelId: null });
    await saveMessage(db, LOCAL_USER_ID, 'c3', text('m1', 'user', 'x'));
    await deleteConversation(db, LOCAL_USER_ID, 'c3');
    expect(await listMessages(db, LOCAL_USER_ID, 'c3')).toEqual([]);
  });

  it("does not let a user overwrite another user's message through the upsert", async () => {
    await ensureConversation(db, LOCAL_USER_ID, 'c4', { title: 'T', chatMode: 'normal', modelId: null });
    await saveMessage(db, LOCAL_USER_ID, 'c4', text('m1', 'user', 'original'));
    await saveMessage(db, other, 'c4', text('m1', 'user', 'forged'));
    expect((await listMessages(db, LOCAL_USER_ID, 'c4'))[0]?.parts).toEqual([
      { type: 'text', text: 'original' },
    ]);
  });
});

describe.each(targets)('registered servers on $name', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(() => target.close(db));

  it('stores, lists and deletes a registration, once per id and user', async () => {
    await db.insertInto('users').values({ id: 'neighbour', display_name: 'Neighbour' }).execute();
    const registration = { id: 'weather', transport: { type: 'http', url: 'http://127.0.0.1:9/mcp' } };
    const theirs = { id: 'weather', transport: { type: 'http', url: 'http://127.0.0.2:9/mcp' } };
    expect(await storeServer(db, LOCAL_USER_ID, 'weather', registration)).toBe(true);
    expect(await storeServer(db, LOCAL_USER_ID, 'weather', registration)).toBe(false);
    // Another user's server of the same id is theirs: neither refused nor revealed.
    expect(await storeServer(db, 'neighbour', 'weather', theirs)).toBe(true);
    expect(await listStoredServers(db)).toEqual([
      { id: 'weather', userId: LOCAL_USER_ID, registration },
      { id: 'weather', userId: 'neighbour', registration: theirs },
    ]);
    expect(await deleteStoredServer(db, 'someone-else', 'weather')).toBe(false);
    expect(await deleteStoredServer(db, LOCAL_USER_ID, 'weather')).toBe(true);
    expect(await listStoredServers(db)).toEqual([
      { id: 'weather', userId: 'neighbour', registration: theirs },
    ]);
    expect(await deleteStoredServer(db, 'neighbour', 'weather')).toBe(true);
  });

  it("seals a URL server's headers at rest, opens them on reading; switching admission keeps them sealed", async () => {
    const key = randomBytes(32);
    const token = 'Bearer stored-token-91ZQ';
    const registration = {
      id: 'keyed',
      admission: 'strict',
      transport: {
        type: 'http',
        url: 'http://127.0.0.1:9/mcp',
        headers: { Authorization: token, 'X-Api-Key': 'k-77' },
      },
    };
    expect(await storeServer(db, LOCAL_USER_ID, 'keyed', registration, () => key)).toBe(true);
    const raw = await db
      .selectFrom('mcp_servers')
      .select('registration')
      .where('id', '=', 'keyed')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(raw.registration)).not.toContain('stored-token-91ZQ');
    expect(JSON.stringify(raw.registration)).not.toContain('k-77');
    expect(JSON.stringify(raw.registration)).toContain('http://127.0.0.1:9/mcp');
    expect(await storedServer(db, LOCAL_USER_ID, 'keyed', () => key)).toEqual(registration);
    const switched = { ...registration, admission: 'annotations' };
    expect(await updateStoredServer(db, LOCAL_USER_ID, 'keyed', switched, () => key)).toBe(true);
    expect(await updateStoredServer(db, 'neighbour', 'keyed', switched, () => key)).toBe(false);
    const listed = (await listStoredServers(db, () => key)).find((s) => s.id === 'keyed');
    expect(listed?.registration).toEqual(switched);
    // Under another host key the row is no registration (never a server without its credentials).
    expect(await storedServer(db, LOCAL_USER_ID, 'keyed', () => randomBytes(32))).toBeUndefined();
    await deleteStoredServer(db, LOCAL_USER_ID, 'keyed');
  });

  it("takes the user's approvals and sign-in state for the server with it, and nobody else's", async () => {
    await db.insertInto('users').values({ id: 'other', display_name: 'Other' }).execute();
    const registration = { id: 'mail', transport: { type: 'http', url: 'http://127.0.0.1:9/mcp' } };
    await storeServer(db, LOCAL_USER_ID, 'mail', registration);
    for (const userId of [LOCAL_USER_ID, 'other']) {
      await db
        .insertInto('approval_rules')
        .values({ user_id: userId, server_id: 'mail', tool_name: 'send', pin_hash: 'p', scope: 'always' })
        .execute();
      await db
        .insertInto('server_auth')
        .values({ user_id: userId, server_id: 'mail', sealed: 'x' })
        .execute();
    }
    expect(await deleteStoredServer(db, LOCAL_USER_ID, 'mail')).toBe(true);
    const rules = await db
      .selectFrom('approval_rules')
      .select('user_id')
      .where('server_id', '=', 'mail')
      .execute();
    const auth = await db
      .selectFrom('server_auth')
      .select('user_id')
      .where('server_id', '=', 'mail')
      .execute();
    expect(rules.map((r) => r.user_id)).toEqual(['other']);
    expect(auth.map((r) => r.user_id)).toEqual(['other']);
  });
});

describe.each(targets)('audit log on $name', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(() => target.close(db));

  it('16.5: records action calls per user, newest first, with no arguments in the clear', async () => {
    const entry = {
      userId: LOCAL_USER_ID,
      surface: 'app',
      serverId: 'restaurant',
      toolName: 'create_reservation',
      gate: 'passkey',
    };
    await recordAudit(db, { ...entry, argsHash: 'aaaa', outcome: 'declined:AUTH_REQUIRED' });
    await recordAudit(db, { ...entry, argsHash: 'bbbb', outcome: 'ok' });
    const rows = await listAudit(db, LOCAL_USER_ID);
    expect(rows.map((r) => [r.argsHash, r.outcome])).toEqual([
      ['bbbb', 'ok'],
      ['aaaa', 'declined:AUTH_REQUIRED'],
    ]);
    expect(await listAudit(db, 'someone-else')).toEqual([]);
  });
});

describe.each(targets)('tool pins on $name (rug-pull)', (target) => {
  let db: Db;
  const other = 'pin-other';
  beforeAll(async () => {
    db = await target.open();
    await db.insertInto('users').values({ id: other, display_name: 'Other' }).execute();
  });
  afterAll(() => target.close(db));

  const pin = {
    userId: LOCAL_USER_ID,
    serverId: 'odd',
    kind: 'tool' as const,
    name: 'lookup',
    hash: 'h1',
    pinned: { definition: { name: 'lookup', description: 'Finds' }, reading: { gate: 'none' } },
    addedLater: false,
  };

  it('keeps one pin per user, server, kind and name; accepting replaces the hash and definition', async () => {
    await savePin(db, pin);
    await savePin(db, { ...pin, userId: other });
    await savePin(db, { ...pin, kind: 'view', name: 'ui://odd/app.html', pinned: {} });
    await savePin(db, {
      ...pin,
      hash: 'h2',
      pinned: { definition: { name: 'lookup', description: 'Deletes' } },
    });
    const mine = (await listPins(db)).filter((p) => p.userId === LOCAL_USER_ID);
    expect(mine.map((p) => [p.kind, p.name, p.hash])).toEqual(
      expect.arrayContaining([
        ['tool', 'lookup', 'h2'],
        ['view', 'ui://odd/app.html', 'h1'],
      ]),
    );
    expect(mine).toHaveLength(2);
    expect(mine.find((p) => p.kind === 'tool')?.pinned).toEqual({
      definition: { name: 'lookup', description: 'Deletes' },
    });
    expect((await listPins(db)).find((p) => p.userId === other)?.hash).toBe('h1');
  });

  it("deletes one user's pins of one server only", async () => {
    await savePin(db, { ...pin, serverId: 'kept', addedLater: true });
    expect(await deletePinsOf(db, LOCAL_USER_ID, 'odd')).toBe(2);
    const left = await listPins(db);
    expect(left.map((p) => [p.userId, p.serverId, p.addedLater])).toEqual(
      expect.arrayContaining([
        [other, 'odd', false],
        [LOCAL_USER_ID, 'kept', true],
      ]),
    );
    expect(left).toHaveLength(2);
  });
});
