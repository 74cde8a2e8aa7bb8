import type { ElicitRequestFormParams } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { answerElicitation, checkContent, handleElicitation } from './elicitation';
import { withElicitationOrigin } from './elicitation-scope';
import { type ElicitationOrigin, ElicitationStore, elicitationStore } from './elicitation-store';

const schema: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1 },
    email: { type: 'string', format: 'email' },
    guests: { type: 'integer', minimum: 1, maximum: 12, default: 2 },
    seat: { type: 'string', oneOf: [{ const: 'in', title: 'Inside' }] },
  },
  required: ['name', 'guests'],
};

const origin = (over: Partial<ElicitationOrigin> = {}): ElicitationOrigin => ({
  callId: `call-${Math.random()}`,
  userId: 'alice',
  conversationId: 'c1',
  serverId: 's1',
  serverKey: 's1',
  serverName: 'Server',
  toolName: 'tool',
  ...over,
});

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((r) => setImmediate(r));
};

afterEach(() => {
  const store = elicitationStore();
  for (const user of ['alice', 'bob'])
    for (const p of store.prompts(user)) store.answer(p.id, user, { action: 'cancel' });
});

describe('elicitation, form mode: the answer is checked against requestedSchema before it goes back', () => {
  it('form mode: defaults applied, then valid content passes', () => {
    expect(checkContent(schema, { name: 'Ada', seat: 'in' })).toEqual({
      ok: true,
      content: { name: 'Ada', guests: 2, seat: 'in' },
    });
  });

  it('form mode: out of range, wrong format, wrong type, unknown choice, missing or extra fields are refused', () => {
    for (const bad of [
      { name: 'Ada', guests: 13 },
      { name: 'Ada', guests: 1.5 },
      { name: 'Ada', email: 'not-an-email' },
      { name: 'Ada', seat: 'roof' },
      { name: '' },
      { guests: 3 },
      { name: 'Ada', extra: 'x' },
      { name: 7 },
    ])
      expect(checkContent(schema, bad)).toMatchObject({ ok: false });
  });
});

describe('elicitation store: who may answer, and what an unanswered question becomes', () => {
  it('form mode: accept returns the content, decline and cancel return only the action', async () => {
    const store = new ElicitationStore();
    const shown = { mode: 'form' as const, message: 'm', requestedSchema: schema };
    const a = store.ask(origin(), shown);
    store.answer(a.id, 'alice', { action: 'accept', content: { name: 'A', guests: 2 } });
    expect(await a.answer).toEqual({ action: 'accept', content: { name: 'A', guests: 2 } });
    const d = store.ask(origin(), shown);
    store.answer(d.id, 'alice', { action: 'decline' });
    expect(await d.answer).toEqual({ action: 'decline' });
  });

  it('only the user whose call asked sees and answers it', async () => {
    const store = new ElicitationStore();
    const asked = store.ask(origin(), { mode: 'form', message: 'm', requestedSchema: schema });
    expect(store.prompts('bob')).toEqual([]);
    expect(store.answer(asked.id, 'bob', { action: 'decline' })).toMatchObject({ ok: false, status: 404 });
    expect(store.prompts('alice').map((p) => p.id)).toEqual([asked.id]);
    store.answer(asked.id, 'alice', { action: 'cancel' });
    expect(await asked.answer).toEqual({ action: 'cancel' });
  });

  it('a question nobody answers times out as cancel; so does one the server withdraws', async () => {
    const store = new ElicitationStore();
    const timed = store.ask(origin(), { mode: 'form', message: 'm', requestedSchema: schema }, { ttlMs: 5 });
    expect(await timed.answer).toEqual({ action: 'cancel' });
    expect(store.held()).toBe(0);
    const abort = new AbortController();
    const withdrawn = store.ask(
      origin(),
      { mode: 'form', message: 'm', requestedSchema: schema },
      { signal: abort.signal },
    );
    abort.abort();
    expect(await withdrawn.answer).toEqual({ action: 'cancel' });
  });

  it('URL mode: an accepted page waits for notifications/elicitation/complete (or the end of its call)', async () => {
    const store = new ElicitationStore();
    const call = origin();
    const shown = {
      mode: 'url' as const,
      message: 'm',
      url: 'https://x.example/',
      domain: 'x.example',
      state: 'asking' as const,
    };
    const asked = store.ask(call, shown, { elicitationId: 'e1' });
    store.answer(asked.id, 'alice', { action: 'accept' });
    expect(await asked.answer).toEqual({ action: 'accept' });
    expect(store.prompts('alice')).toMatchObject([{ mode: 'url', state: 'waiting' }]);
    store.complete('other-server', 'e1');
    expect(store.held()).toBe(1);
    store.complete('s1', 'e1');
    expect(store.held()).toBe(0);
    const again = store.ask(call, shown, { elicitationId: 'e2' });
    store.answer(again.id, 'alice', { action: 'accept' });
    store.endCall(call.callId);
    expect(store.held()).toBe(0);
  });
});

describe('elicitation/create: attributed to the one tool call that asked', () => {
  const form = { mode: 'form' as const, message: 'Who?', requestedSchema: schema };

  it('inside a call: shown to its user, and the checked answer goes back', async () => {
    const result = withElicitationOrigin(origin(), async () => {
      const pending = handleElicitation('s1', form);
      await until(() => elicitationStore().prompts('alice').length === 1);
      const [prompt] = elicitationStore().prompts('alice');
      expect(prompt).toMatchObject({ serverName: 'Server', toolName: 'tool', message: 'Who?' });
      const id = prompt?.id ?? '';
      expect(answerElicitation(id, 'bob', 'accept', { name: 'B' })).toMatchObject({ status: 404 });
      expect(answerElicitation(id, 'alice', 'accept', { name: 'A', guests: 99 })).toMatchObject({
        status: 422,
      });
      expect(answerElicitation(id, 'alice', 'accept', { name: 'A' })).toEqual({ ok: true });
      return pending;
    });
    expect(await result).toEqual({ action: 'accept', content: { name: 'A', guests: 2 } });
  });

  it('outside any call, or with two calls in flight on the server and no context, it is cancelled unseen', async () => {
    expect(await handleElicitation('s1', form)).toEqual({ action: 'cancel' });
    let release = () => {};
    const hold = new Promise<void>((r) => {
      release = r;
    });
    const a = withElicitationOrigin(origin(), () => hold);
    const b = withElicitationOrigin(origin({ userId: 'bob' }), () => hold);
    expect(await handleElicitation('s1', form)).toEqual({ action: 'cancel' });
    expect(elicitationStore().prompts('alice')).toEqual([]);
    expect(elicitationStore().prompts('bob')).toEqual([]);
    release();
    await Promise.all([a, b]);
  });

  it("another user's server of the same id cannot ask within this user's call", async () => {
    let release = () => {};
    const hold = new Promise<void>((r) => {
      release = r;
    });
    const mine = origin({ serverId: 'notes', serverKey: 'alice/notes' });
    const call = withElicitationOrigin(mine, () => hold);
    // Bob's "notes" asks outside any call context while only Alice's call is in flight on hers.
    expect(await handleElicitation('bob/notes', form)).toEqual({ action: 'cancel' });
    expect(elicitationStore().prompts('alice')).toEqual([]);
    release();
    await call;
  });

  it('URL mode: a non-http(s) URL is declined at once and shown as a note', async () => {
    const result = await withElicitationOrigin(origin(), () =>
      handleElicitation('s1', {
        mode: 'url',
        message: 'Open',
        url: 'javascript:alert(1)',
        elicitationId: 'e',
      }),
    );
    expect(result).toEqual({ action: 'decline' });
  });
});
