import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectedTrust } from '../../tests/fixtures/mcp/trust-registry';
import { NEWS, PAGE, PATIENT, SALARIES } from '../../tests/fixtures/mcp/trust-server';
import { type Db, LOCAL_USER_ID, openDb } from '../db/connect';
import { addApprovalRule, findCoveringRule } from '../db/queries/approval-rules';
import { callInstead } from '../llm/derived-fallback';
import { dispatch } from '../mcp/dispatch';
import { PinBook } from '../mcp/pins';
import { TrustBook } from '../mcp/trust-book';
import { maliciousNote } from '../mcplet/trust-projection';
import { answerGate, type CallIntent, gatedDispatch, startCall } from './gated-call';
import { pinHashOf } from './remembered';

let fixture: Awaited<ReturnType<typeof connectedTrust>>;
let db: Db;
const session = { userId: LOCAL_USER_ID };
let n = 0;
let conversationId = '';

const call = (toolName: string, args: Record<string, unknown> = {}, convo = conversationId): CallIntent => ({
  serverId: 'trust',
  toolName,
  args,
  surface: { kind: 'model' },
  session,
  ...(convo ? { context: { conversationId: convo } } : {}),
});
const run = (toolName: string, args: Record<string, unknown> = {}, convo = conversationId) =>
  dispatch(fixture.registry, call(toolName, args, convo));
const state = (convo = conversationId) => fixture.registry.trust?.state(LOCAL_USER_ID, convo || undefined);
const received = (name: string) => fixture.received.filter((r) => r.name === name).map((r) => r.annotations);

beforeAll(async () => {
  fixture = await connectedTrust();
  db = await openDb({ dataDir: 'memory://' });
  fixture.registry.pins = new PinBook({ save: async () => {}, forget: async () => {}, audit: () => {} });
  fixture.registry.approvals = {
    find: (c) => findCoveringRule(db, c),
    add: (rule) => addApprovalRule(db, rule),
  };
  fixture.registry.modelTools(session);
});

afterAll(async () => {
  await fixture.close();
  await db.destroy();
});

beforeEach(() => {
  fixture.registry.trust = new TrustBook();
  fixture.received.length = 0;
  conversationId = `c${++n}`;
});

describe('SEP Propagation Rules / client responsibility 1: every result joins its conversation trust state', () => {
  it('boolean union and attribution union across several results; the malicious flag waits; other conversations stay clean', async () => {
    for (const tool of ['fetch_page', 'read_news', 'read_salary'])
      expect((await run(tool)).envelope).not.toHaveProperty('error');
    expect(await state()).toEqual({
      version: 1,
      openWorld: true,
      attribution: [PAGE, NEWS, SALARIES].sort(),
      sensitivity: ['financial'],
      origins: ['trust/fetch_page', 'trust/read_news', 'trust/read_salary'],
      malicious: { origin: 'trust/fetch_page' },
      sources: [
        {
          origin: 'trust/fetch_page',
          serverId: 'trust',
          openWorld: true,
          sensitivity: [],
          attribution: [PAGE],
        },
        {
          origin: 'trust/read_news',
          serverId: 'trust',
          openWorld: true,
          sensitivity: [],
          attribution: [NEWS],
        },
        {
          origin: 'trust/read_salary',
          serverId: 'trust',
          openWorld: false,
          sensitivity: ['financial'],
          attribution: [SALARIES],
        },
      ],
    });
    expect((await state('other'))?.openWorld).toBe(false);
    expect(fixture.registry.trust?.previewState(LOCAL_USER_ID).openWorld).toBe(false);
  });

  it('results arriving together all count (updates of one conversation do not overwrite each other)', async () => {
    await Promise.all([run('read_news'), run('read_salary'), run('fetch_page')]);
    const s = await state();
    expect(s?.attribution).toEqual([PAGE, NEWS, SALARIES].sort());
    expect(s?.sensitivity).toEqual(['financial']);
  });

  it('SEP client responsibility 1: every tools/call carries the state so far in params._meta.annotations', async () => {
    await run('read_news');
    await run('read_salary');
    expect(received('read_news')).toEqual([{}]);
    expect(received('read_salary')).toEqual([{ openWorldHint: true, attribution: [NEWS] }]);
  });

  it('Privacy Considerations: a record’s attribution goes to the server that gave it, never to another', async () => {
    const mirror = fixture.registry.start({
      id: 'mirror',
      name: 'Mirror',
      transport: { type: 'http', url: fixture.url },
      admission: 'strict',
      source: 'config',
    });
    await mirror.connect();
    try {
      await run('fetch_page');
      await run('read_record');
      fixture.received.length = 0;
      await dispatch(fixture.registry, { ...call('read_news'), serverId: 'mirror' });
      await run('read_news');
      expect(received('read_news')).toEqual([
        { openWorldHint: true, attribution: ['https://evil.example'] },
        // The mirror's news page reaches the trust server as its origin only.
        { openWorldHint: true, attribution: [PAGE, 'https://news.example', PATIENT].sort() },
      ]);
    } finally {
      await fixture.registry.remove('mirror', LOCAL_USER_ID, 'local');
    }
  });

  it('a call outside a conversation (the preview) uses the user’s preview-local state, never a conversation’s', async () => {
    await run('read_news', {}, '');
    expect(fixture.registry.trust?.previewState(LOCAL_USER_ID)).toMatchObject({
      openWorld: true,
      attribution: [NEWS],
    });
    expect((await state())?.openWorld).toBe(false);
    await run('read_salary');
    expect(received('read_salary')).toEqual([{}]);
  });
});

describe('every surface joins and reads its conversation state', () => {
  it("a view's call: decided in its conversation, and dispatched at the user's answer with the conversation's annotations", async () => {
    await run('read_news');
    const viewCall = {
      ...call('share', { text: 'from the view' }),
      surface: { kind: 'app' as const, serverId: 'trust' },
      context: { conversationId, viewId: 'view-1' },
    };
    const started = await startCall(fixture.registry, viewCall, 'view');
    if (started.kind !== 'gate') throw new Error('expected a gate');
    expect(started.ticket.trustReasons?.[0]?.rule).toBe('public-destination');
    const answered = await answerGate(fixture.registry, started.ticket.id, LOCAL_USER_ID, { approved: true });
    expect(answered).toMatchObject({ ok: true, result: { sent: true } });
    expect(received('share')).toEqual([{ openWorldHint: true, attribution: [NEWS] }]);
  });

  it('10.6 derived fallback: the real call joins the conversation it was made for', async () => {
    await callInstead(
      fixture.registry,
      session,
      { serverId: 'trust', toolName: 'read_news' },
      {},
      conversationId,
    );
    expect((await state())?.attribution).toEqual([NEWS]);
  });
});

describe('what the model and the card get of a flagged or untrustedPublic result', () => {
  it('maliciousActivityHint: a warning note first, the content spotlighted, the outcome marked malicious', async () => {
    const outcome = await run('fetch_page');
    expect(outcome.malicious).toBe(true);
    expect(outcome.modelContent[0]).toEqual({ type: 'text', text: maliciousNote('"fetch_page" from Trust') });
    expect(outcome.untrusted).toBe('tool.annotations.openWorldHint');
  });

  it('returnMetadata.source untrustedPublic spotlights; trustPolicy.untrustedSource: false does not', async () => {
    expect((await run('read_news')).untrusted).toBe('tool.annotations.returnMetadata.source');
    fixture.registry.trust = new TrustBook({
      publicDestination: true,
      irreversible: true,
      maliciousActivity: true,
      untrustedSource: false,
      acceptedSensitivity: true,
    });
    const outcome = await run('read_news');
    expect(outcome.untrusted).toBeUndefined();
    expect(outcome.modelContent).toEqual([{ type: 'text', text: 'News of the day.' }]);
  });
});

describe('trust escalation at the gate (SEP Example 1 and 2)', () => {
  it('after a flagged open-world page, share stops at a confirmation naming the page; the flag is spent once it is approved', async () => {
    await run('fetch_page');
    const steps = gatedDispatch(fixture.registry, call('share', { text: 'all of it' }));
    const first = await steps.next();
    if (first.done || first.value.kind !== 'waiting') throw new Error('expected a gate');
    const ticket = first.value.ticket;
    expect(ticket.gate).toBe('confirm');
    expect(ticket.trustReasons?.map((r) => r.rule)).toEqual(['public-destination', 'malicious-activity']);
    expect(ticket.trustReasons?.[0]?.text).toContain(PAGE);
    expect(ticket.remember).toBeUndefined();
    expect(received('share')).toEqual([]);
    expect((await state())?.malicious).toEqual({ origin: 'trust/fetch_page' });
    // The turn reads on at once, as the chat loop does: an approval is answered once its call spent it.
    const waiting = steps.next();
    await answerGate(fixture.registry, ticket.id, LOCAL_USER_ID, { approved: true });
    const done = await waiting;
    expect(!done.done && done.value.kind === 'done' && done.value.result.sent).toBe(true);
    expect(received('share')).toEqual([{ openWorldHint: true, attribution: [PAGE] }]);
    expect((await state())?.malicious).toBeNull();
  });

  it('Security Implications (user agency): a declined escalated call leaves the flag, so its retry is gated again', async () => {
    await run('fetch_page');
    for (const answer of [{ approved: false }, { approved: false, reason: 'expired' }] as const) {
      const steps = gatedDispatch(fixture.registry, call('note'));
      const first = await steps.next();
      if (first.done || first.value.kind !== 'waiting') throw new Error('expected a gate');
      expect(first.value.ticket.trustReasons?.map((r) => r.rule)).toEqual(['malicious-activity']);
      await answerGate(fixture.registry, first.value.ticket.id, LOCAL_USER_ID, answer);
      const done = await steps.next();
      expect(!done.done && done.value.kind === 'done' && done.value.result.sent).toBe(false);
      expect((await state())?.malicious).toEqual({ origin: 'trust/fetch_page' });
    }
    expect(received('note')).toEqual([]);
    // The identical retry, from a view this time: still asked.
    const retried = await startCall(fixture.registry, call('note'), 'view');
    if (retried.kind !== 'gate') throw new Error('the retry ran without a gate');
    expect(retried.ticket.trustReasons?.map((r) => r.rule)).toEqual(['malicious-activity']);
    await answerGate(fixture.registry, retried.ticket.id, LOCAL_USER_ID, { approved: true });
    expect(received('note')).toHaveLength(1);
    expect((await state())?.malicious).toBeNull();
    expect((await startCall(fixture.registry, call('note'), 'view')).kind).toBe('result');
  });

  it('inputMetadata.sensitivity: data of a class the tool does not accept raises its gate, naming the class and the result', async () => {
    // send_letter accepts only `none`; a clean conversation asks only for its irreversible outcome.
    const clean = await startCall(fixture.registry, call('send_letter'), 'view');
    if (clean.kind !== 'gate') throw new Error('expected a gate');
    expect(clean.ticket.trustReasons?.map((r) => r.rule)).toEqual(['irreversible']);
    await answerGate(fixture.registry, clean.ticket.id, LOCAL_USER_ID, { approved: false });
    await run('read_record');
    const started = await startCall(fixture.registry, call('send_letter'), 'view');
    if (started.kind !== 'gate') throw new Error('expected a gate');
    const reason = started.ticket.trustReasons?.find((r) => r.rule === 'sensitivity-not-accepted');
    expect(reason?.text).toContain(`regulated:HIPAA data from trust/read_record (${PATIENT})`);
    expect(reason?.text).toContain('it accepts none');
    // Data of a class the conversation-driven rule raised is asked every time: nothing to remember.
    expect(started.ticket.remember).toBeUndefined();
  });

  it('a tool that declares the class it is given is not asked for it (share accepts pii; note declares nothing)', async () => {
    await run('read_record');
    const note = await startCall(fixture.registry, call('note'), 'view');
    expect(note.kind).toBe('result');
  });

  it('the reason names the result that brought each kind of data, not every attribution the conversation holds', async () => {
    await run('read_news');
    await run('read_salary');
    const started = await startCall(fixture.registry, call('share', { text: 'x' }), 'view');
    if (started.kind !== 'gate') throw new Error('expected a gate');
    const text = started.ticket.trustReasons?.find((r) => r.rule === 'public-destination')?.text ?? '';
    expect(text).toContain(`open-world (untrusted) content from trust/read_news (${NEWS})`);
    expect(text).toContain(`financial data from trust/read_salary (${SALARIES})`);
    expect(text).not.toContain(`content from trust/read_news (${NEWS}), trust/read_salary`);
    expect(text).not.toMatch(new RegExp(`open-world \\(untrusted\\) content from [^.]*${SALARIES}`));
  });

  it('the flag escalates only the next action-like call: a read does not spend it, the approved action does', async () => {
    await run('fetch_page');
    expect((await run('read_news')).sent).toBe(true);
    const started = await startCall(fixture.registry, call('note'), 'view');
    if (started.kind !== 'gate') throw new Error('expected a gate');
    expect(started.ticket.trustReasons?.map((r) => r.rule)).toEqual(['malicious-activity']);
    await answerGate(fixture.registry, started.ticket.id, LOCAL_USER_ID, { approved: true });
    expect((await state())?.malicious).toBeNull();
    // Spent: the call after that is what its own rules say (note has no gate).
    expect((await startCall(fixture.registry, call('note'), 'view')).kind).toBe('result');
  });

  it('without open-world or sensitive data, share runs without a gate', async () => {
    expect((await startCall(fixture.registry, call('share', { text: 'hi' }), 'view')).kind).toBe('result');
  });

  it('sensitive data (financial) also stops share, naming the class and its source', async () => {
    await run('read_salary');
    const started = await startCall(fixture.registry, call('share', { text: 'x' }), 'view');
    if (started.kind !== 'gate') throw new Error('expected a gate');
    expect(started.ticket.trustReasons?.[0]?.text).toContain(
      `financial data from trust/read_salary (${SALARIES})`,
    );
  });
});

describe('remembered approvals × trust escalation: remembered approvals never silently cover a conversation-driven escalation', () => {
  const always = async (toolName: string) => {
    const pinHash = pinHashOf(fixture.registry, LOCAL_USER_ID, 'trust', toolName);
    if (!pinHash) throw new Error('not pinned');
    await addApprovalRule(db, {
      userId: LOCAL_USER_ID,
      serverId: 'trust',
      toolName,
      pinHash,
      scope: { kind: 'always' },
    });
  };

  it('an "always" rule for share does not cover it in an open-world conversation, and the dialog offers nothing to remember', async () => {
    await always('share');
    await run('read_news');
    const started = await startCall(fixture.registry, call('share', { text: 'x' }), 'view');
    expect(started.kind).toBe('gate');
    if (started.kind === 'gate') expect(started.ticket.remember).toBeUndefined();
    expect(received('share')).toEqual([]);
  });

  it('an irreversible tool (the rule binds its pinned definition) may be remembered and covered', async () => {
    const first = await startCall(fixture.registry, call('send_letter'), 'view');
    if (first.kind !== 'gate') throw new Error('expected a gate');
    expect(first.ticket.trustReasons?.map((r) => r.rule)).toEqual(['irreversible']);
    expect(first.ticket.remember?.scopes).toContain('always');
    await always('send_letter');
    expect((await startCall(fixture.registry, call('send_letter'), 'view')).kind).toBe('result');
    // …but not once the conversation holds a malicious flag: that is asked every time.
    await run('fetch_page');
    expect((await startCall(fixture.registry, call('send_letter'), 'view')).kind).toBe('gate');
  });
});
