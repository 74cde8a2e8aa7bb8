import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectedGated } from '../../tests/fixtures/mcp/gated-server';
import { type Db, LOCAL_USER_ID, openDb } from '../db/connect';
import {
  addApprovalRule,
  dropApprovalRulesForTool,
  findCoveringRule,
  listApprovalRules,
  revokeApprovalRule,
} from '../db/queries/approval-rules';
import type { AuditEntry } from '../db/queries/audit';
import { PinBook } from '../mcp/pins';
import type { McpRegistry } from '../mcp/registry';
import type { ApprovalScope } from '../trust/approval-rules';
import { answerGate, type CallIntent, gatedDispatch, startCall } from './gated-call';
import { dropRulesOfChangedTools, pinHashOf, rememberAnswer, rememberedPass } from './remembered';

/** Every tools/call carries the conversation's SEP request annotations; none yet here. */
const NO_ANNOTATIONS = { annotations: {} };

let gated: Awaited<ReturnType<typeof connectedGated>>;
let registry: McpRegistry;
let db: Db;
const audits: AuditEntry[] = [];
const session = { userId: LOCAL_USER_ID };
const viewCall: CallIntent = {
  serverId: 'gated',
  toolName: 'send_note',
  args: { text: 'hello' },
  surface: { kind: 'app', serverId: 'gated' },
  session,
  context: { conversationId: 'c1', viewId: 'view-a' },
};

beforeAll(async () => {
  gated = await connectedGated();
  registry = gated.registry;
  registry.audit = (entry) => audits.push(entry);
  registry.pins = new PinBook({ save: async () => {}, forget: async () => {}, audit: () => {} });
  db = await openDb({ dataDir: 'memory://' });
  registry.approvals = {
    find: (call) => findCoveringRule(db, call),
    add: (rule) => addApprovalRule(db, rule),
  };
  // The user's first look at the server pins its tools.
  registry.modelTools(session);
});

afterAll(async () => {
  await gated.close();
  await db.destroy();
});

beforeEach(async () => {
  gated.received.length = 0;
  audits.length = 0;
  for (const rule of await listApprovalRules(db, LOCAL_USER_ID))
    await revokeApprovalRule(db, LOCAL_USER_ID, rule.id);
});

function pin(toolName = 'send_note'): string {
  const hash = pinHashOf(registry, LOCAL_USER_ID, 'gated', toolName);
  if (!hash) throw new Error(`${toolName} is not pinned`);
  return hash;
}

function rule(scope: ApprovalScope, toolName = 'send_note', pinHash = pin(toolName)) {
  return addApprovalRule(db, { userId: LOCAL_USER_ID, serverId: 'gated', toolName, pinHash, scope });
}

async function ticketFor(intent: CallIntent) {
  const started = await startCall(registry, intent, 'view');
  if (started.kind !== 'gate') throw new Error(`expected a gate, got ${JSON.stringify(started)}`);
  return started.ticket;
}

describe('remembered approvals at the gate (lib/gates)', () => {
  it('a covered confirm call gets a remembered pass and is sent without a ticket; the log says so', async () => {
    await rule({ kind: 'view', conversationId: 'c1', viewId: 'view-a' });
    const started = await startCall(registry, viewCall, 'view');
    expect(started.kind).toBe('result');
    if (started.kind !== 'result') return;
    expect(started.result.sent).toBe(true);
    expect(gated.received).toEqual([
      { name: 'send_note', arguments: { text: 'hello' }, _meta: NO_ANNOTATIONS },
    ]);
    expect(audits.at(-1)).toMatchObject({
      toolName: 'send_note',
      gate: 'confirm',
      outcome: 'ok (approved by a remembered rule (while the view is open))',
    });
  });

  it('the pass is minted for that exact call only, with via "remembered"', async () => {
    await rule({ kind: 'always' });
    const pass = await rememberedPass(registry, 'confirm', {
      userId: LOCAL_USER_ID,
      serverId: 'gated',
      toolName: 'send_note',
      pinHash: pin(),
      args: { text: 'x' },
    });
    expect(pass).toMatchObject({ via: 'remembered', gate: 'confirm', toolName: 'send_note' });
    expect(pass?.approvedBy).toBe('approved by a remembered rule (always)');
  });

  it('a passkey or review call is never covered, even when a rule row exists', async () => {
    await rule({ kind: 'always' }, 'draft_note');
    await ticketFor({ ...viewCall, toolName: 'draft_note', args: { text: 'hi' } });
    expect(gated.received).toEqual([]);
    await rule({ kind: 'always' });
    for (const gate of ['passkey', 'review'] as const)
      expect(
        await rememberedPass(registry, gate, {
          userId: LOCAL_USER_ID,
          serverId: 'gated',
          toolName: 'send_note',
          pinHash: pin(),
          args: { text: 'hello' },
        }),
      ).toBeUndefined();
  });

  it('rug-pull: a rule made for another definition of the tool (pin hash) does not cover it', async () => {
    await rule({ kind: 'always' }, 'send_note', 'a-previous-definition');
    const ticket = await ticketFor(viewCall);
    expect(ticket.gate).toBe('confirm');
    expect(gated.received).toEqual([]);
  });

  it('a rule for view A does not cover view B, nor a call that names no verified view', async () => {
    await rule({ kind: 'view', conversationId: 'c1', viewId: 'view-a' });
    await ticketFor({ ...viewCall, context: { conversationId: 'c1', viewId: 'view-b' } });
    await ticketFor({ ...viewCall, context: {} });
    await ticketFor({ ...viewCall, context: { conversationId: 'c2', viewId: 'view-a' } });
    expect(gated.received).toEqual([]);
  });

  it('a conversation rule covers a model call in that conversation only (gatedDispatch)', async () => {
    await rule({ kind: 'conversation', conversationId: 'c1' });
    const model: CallIntent = { ...viewCall, surface: { kind: 'model' }, context: { conversationId: 'c1' } };
    const covered = gatedDispatch(registry, model);
    expect((await covered.next()).value).toMatchObject({ kind: 'done', result: { sent: true } });
    expect(gated.received).toHaveLength(1);
    const other = gatedDispatch(registry, { ...model, context: { conversationId: 'c2' } });
    expect((await other.next()).value).toMatchObject({ kind: 'waiting' });
    await other.return(undefined);
  });
});

describe('the user picks a scope; the server builds the rule from the ticket', () => {
  it('offers "while this view is open" and "always" on a view\'s confirmation, and stores the pick', async () => {
    const ticket = await ticketFor(viewCall);
    expect(ticket.remember?.scopes).toEqual(['view', 'always']);
    const answered = await answerGate(
      registry,
      ticket.id,
      LOCAL_USER_ID,
      { approved: true },
      undefined,
      'view',
    );
    expect(answered).toMatchObject({ ok: true });
    const rules = await listApprovalRules(db, LOCAL_USER_ID);
    expect(rules).toMatchObject([
      {
        serverId: 'gated',
        toolName: 'send_note',
        pinHash: pin(),
        scope: { kind: 'view', conversationId: 'c1', viewId: 'view-a' },
      },
    ]);
    // The next call from that view runs without asking.
    expect((await startCall(registry, viewCall, 'view')).kind).toBe('result');
    expect(gated.received).toHaveLength(2);
  });

  it('an approval with a scope the ticket did not offer is refused with 400: nothing is approved, sent or stored', async () => {
    const unverified = await ticketFor({ ...viewCall, context: {} });
    expect(unverified.remember?.scopes).toEqual(['always']);
    const notOffered = await answerGate(
      registry,
      unverified.id,
      LOCAL_USER_ID,
      { approved: true },
      undefined,
      'view',
    );
    expect(notOffered).toMatchObject({ ok: false, status: 400 });
    // A view's ticket offers "while this view is open", not the wider "this conversation".
    const narrow = await ticketFor(viewCall);
    const wider = await answerGate(
      registry,
      narrow.id,
      LOCAL_USER_ID,
      { approved: true },
      undefined,
      'conversation',
    );
    expect(wider).toMatchObject({ ok: false, status: 400 });
    const review = await ticketFor({ ...viewCall, toolName: 'draft_note', args: { text: 'hi' } });
    expect(review.remember).toBeUndefined();
    const unrememberable = await answerGate(
      registry,
      review.id,
      LOCAL_USER_ID,
      { approved: true },
      undefined,
      'always',
    );
    expect(unrememberable).toMatchObject({ ok: false, status: 400 });
    expect(gated.received).toHaveLength(0);
    expect(await listApprovalRules(db, LOCAL_USER_ID)).toEqual([]);
    // The refused answer left the ticket open: the user can still answer it as offered.
    expect(
      await answerGate(registry, narrow.id, LOCAL_USER_ID, { approved: true }, undefined, 'view'),
    ).toMatchObject({
      ok: true,
    });
    expect(gated.received).toHaveLength(1);
  });

  it('a refusal that names a scope stores nothing', async () => {
    const refused = await ticketFor(viewCall);
    await answerGate(registry, refused.id, LOCAL_USER_ID, { approved: false }, undefined, 'always');
    expect(gated.received).toHaveLength(0);
    expect(await listApprovalRules(db, LOCAL_USER_ID)).toEqual([]);
  });

  it('rug-pull: a tool that changed while the dialog was open is not remembered', async () => {
    const ticket = await ticketFor(viewCall);
    expect(await rememberAnswer(registry, ticket, 'always', 'the-definition-now')).toBeUndefined();
    expect(await rememberAnswer(registry, ticket, 'always', pin())).toMatchObject({
      scope: { kind: 'always' },
    });
  });

  it("rug-pull: a changed tool's rules are dropped when the PinBook reports the change", async () => {
    await rule({ kind: 'always' });
    const stop = dropRulesOfChangedTools(registry.pins as PinBook, (userId, serverId, name) =>
      dropApprovalRulesForTool(db, userId, serverId, name),
    );
    const connection = registry.getFor('gated', 'local');
    if (!connection) throw new Error('no connection');
    const definitions = new Map(connection.catalog.definitions);
    definitions.set('send_note', {
      ...definitions.get('send_note'),
      name: 'send_note',
      description: 'Now deletes.',
    });
    registry.pins?.review(LOCAL_USER_ID, 'gated', { ...connection.catalog, definitions });
    stop();
    await expect.poll(() => listApprovalRules(db, LOCAL_USER_ID)).toEqual([]);
  });
});
