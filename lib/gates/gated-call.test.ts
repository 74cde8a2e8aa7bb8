import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectedGated } from '../../tests/fixtures/mcp/gated-server';
import type { AuditEntry } from '../db/queries/audit';
import type { McpRegistry } from '../mcp/registry';
import { answerGate, type CallIntent, startCall } from './gated-call';
import { spendApproval } from './pending';

/** Every tools/call carries the conversation's SEP request annotations; none yet here. */
const NO_ANNOTATIONS = { annotations: {} };

let gated: Awaited<ReturnType<typeof connectedGated>>;
let registry: McpRegistry;
const audits: AuditEntry[] = [];
const session = { userId: 'local' };
const note: CallIntent = {
  serverId: 'gated',
  toolName: 'send_note',
  args: { text: 'hello' },
  surface: { kind: 'app', serverId: 'gated' },
  session,
};

beforeAll(async () => {
  gated = await connectedGated();
  registry = gated.registry;
  registry.audit = (entry) => audits.push(entry);
});

afterAll(() => gated.close());

beforeEach(() => {
  gated.received.length = 0;
  audits.length = 0;
});

afterEach(() => {
  vi.useRealTimers();
});

async function openTicket(intent: CallIntent = note) {
  const started = await startCall(registry, intent, 'view');
  if (started.kind !== 'gate') throw new Error(`expected a gate, got ${JSON.stringify(started)}`);
  return started.ticket;
}

describe("4, 7.2: a view's gated call through gated-call.ts (confirmation: the host's check is the only one)", () => {
  it('startCall opens a ticket for the exact call and sends nothing', async () => {
    const ticket = await openTicket();
    expect(ticket).toMatchObject({
      kind: 'view',
      gate: 'confirm',
      serverId: 'gated',
      toolName: 'send_note',
      args: { text: 'hello' },
    });
    expect(gated.received).toEqual([]);
    expect(audits).toEqual([]);
  });

  it('an ungated call is dispatched at once (the gate is not everywhere)', async () => {
    const started = await startCall(registry, { ...note, toolName: 'ping', args: {} }, 'view');
    expect(started).toMatchObject({ kind: 'result', result: { sent: true } });
    expect(gated.received).toEqual([{ name: 'ping', arguments: {}, _meta: NO_ANNOTATIONS }]);
  });

  it("an approval dispatches exactly the ticket's call, once", async () => {
    const ticket = await openTicket();
    const answered = await answerGate(registry, ticket.id, 'local', { approved: true });
    expect(answered).toMatchObject({
      ok: true,
      result: { sent: true, envelope: { result: { sent: 'hello' } } },
    });
    expect(gated.received).toEqual([
      { name: 'send_note', arguments: { text: 'hello' }, _meta: NO_ANNOTATIONS },
    ]);
    expect(audits).toMatchObject([{ toolName: 'send_note', gate: 'confirm', outcome: 'ok' }]);
  });

  it('a refusal sends nothing, and the declined action is audited', async () => {
    const ticket = await openTicket();
    const answered = await answerGate(registry, ticket.id, 'local', { approved: false, reason: 'cancelled' });
    expect(answered).toMatchObject({
      ok: true,
      result: { sent: false, envelope: { error: { code: 'AUTH_REQUIRED' } } },
    });
    expect(gated.received).toEqual([]);
    expect(audits).toMatchObject([{ toolName: 'send_note', gate: 'confirm', outcome: 'declined:cancelled' }]);
  });

  it('an answer after the ticket expired sends nothing, and the view is told it expired', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const ticket = await openTicket();
    vi.advanceTimersByTime(ticket.expiresAt - Date.now() + 1);
    const answered = await answerGate(registry, ticket.id, 'local', { approved: true });
    expect(answered).toMatchObject({
      ok: true,
      result: {
        sent: false,
        envelope: { error: { code: 'AUTH_REQUIRED', message: expect.stringMatching(/timed out/) } },
      },
    });
    expect(gated.received).toEqual([]);
    expect(audits).toMatchObject([{ toolName: 'send_note', outcome: 'declined:expired' }]);
  });

  it('a forged approval (a ticket never issued, or another user answering) sends nothing', async () => {
    expect(await answerGate(registry, 'made-up', 'local', { approved: true })).toMatchObject({
      ok: false,
      status: 404,
    });
    const ticket = await openTicket();
    expect(await answerGate(registry, ticket.id, 'mallory', { approved: true })).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(gated.received).toEqual([]);
  });

  it('a replayed approval sends nothing more: the ticket is spent', async () => {
    const ticket = await openTicket();
    await answerGate(registry, ticket.id, 'local', { approved: true });
    expect(await answerGate(registry, ticket.id, 'local', { approved: true })).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(spendApproval(ticket.id, 'local', 'gated', 'send_note', { text: 'hello' }).ok).toBe(false);
    expect(gated.received).toHaveLength(1);
  });
});

describe('WebMCP HITL proposal: notify and review through gated-call.ts', () => {
  const draft: CallIntent = { ...note, toolName: 'draft_note', args: { text: 'table for two' } };

  it('notify: the call runs at once, no ticket', async () => {
    const started = await startCall(registry, { ...note, toolName: 'tag_note', args: { tag: 'x' } }, 'view');
    expect(started).toMatchObject({ kind: 'result', result: { sent: true, decision: { gate: 'notify' } } });
    expect(gated.received).toEqual([{ name: 'tag_note', arguments: { tag: 'x' }, _meta: NO_ANNOTATIONS }]);
  });

  it('review: the ticket carries the input schema, and the edited arguments are what the server receives', async () => {
    const ticket = await openTicket(draft);
    expect(ticket).toMatchObject({ gate: 'review', inputSchema: { type: 'object' } });
    const answered = await answerGate(
      registry,
      ticket.id,
      'local',
      { approved: true },
      { text: 'table for four' },
    );
    expect(answered).toMatchObject({ ok: true, result: { sent: true } });
    expect(gated.received).toEqual([
      { name: 'draft_note', arguments: { text: 'table for four' }, _meta: NO_ANNOTATIONS },
    ]);
  });

  it('review: an edit that fails the input schema is refused with a clear message, nothing is sent, the ticket stays open', async () => {
    const ticket = await openTicket(draft);
    const refused = await answerGate(
      registry,
      ticket.id,
      'local',
      { approved: true },
      { text: 'x'.repeat(41) },
    );
    expect(refused).toMatchObject({ ok: false, status: 422, retry: true });
    expect(refused.ok ? '' : refused.reason).toMatch(
      /do not match the tool's input schema.*Nothing was sent/,
    );
    expect(gated.received).toEqual([]);
    const fixed = await answerGate(registry, ticket.id, 'local', { approved: true }, { text: 'ok' });
    expect(fixed).toMatchObject({ ok: true, result: { sent: true } });
    expect(gated.received).toEqual([
      { name: 'draft_note', arguments: { text: 'ok' }, _meta: NO_ANNOTATIONS },
    ]);
  });

  it('confirm: edited arguments are refused; the asked call alone can be approved', async () => {
    const ticket = await openTicket();
    expect(
      await answerGate(registry, ticket.id, 'local', { approved: true }, { text: 'changed' }),
    ).toMatchObject({
      ok: false,
    });
    expect(gated.received).toEqual([]);
  });
});
