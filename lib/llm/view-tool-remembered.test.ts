import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Db, LOCAL_USER_ID, openDb } from '../db/connect';
import { addApprovalRule, findCoveringRule, listApprovalRules } from '../db/queries/approval-rules';
import type { AuditEntry } from '../db/queries/audit';
import { answerGate } from '../gates/gated-call';
import { McpRegistry } from '../mcp/registry';
import { answerRun } from './view-runs';
import { buildViewTools, type ViewToolOutput } from './view-tool-set';
import { recordListing, resetViewTools } from './view-tools';

const user = LOCAL_USER_ID;
const conversation = 'conv_r';
const viewA = { viewId: 'call_a', serverId: 'probe', toolName: 'a', viewTitle: 'Probe: A' };
const viewB = { viewId: 'call_b', serverId: 'probe', toolName: 'b', viewTitle: 'Probe: B' };
const reset = { name: 'view_reset', description: 'Resets the view', inputSchema: { type: 'object' } };

let db: Db;
beforeAll(async () => {
  db = await openDb({ dataDir: 'memory://' });
});
afterAll(() => db.destroy());
afterEach(() => resetViewTools());

function setup() {
  const registry = new McpRegistry(new Set());
  const audit: AuditEntry[] = [];
  registry.audit = (entry) => audit.push(entry);
  registry.approvals = {
    find: (call) => findCoveringRule(db, call),
    add: (rule) => addApprovalRule(db, rule),
  };
  const start = (viewId: string, toolCallId: string) => {
    const tools = buildViewTools(registry, { userId: user }, conversation);
    const found = Object.entries(tools).find(
      ([, t]) => (t.metadata as { viewId?: string }).viewId === viewId,
    );
    const execute = found?.[1].execute;
    if (!execute) throw new Error(`no view_reset offered for ${viewId}`);
    // The tool's input type comes from a runtime JSON Schema, which TypeScript sees as never.
    return execute({} as never, { toolCallId, messages: [], context: {} }) as AsyncGenerator<ViewToolOutput>;
  };
  return { registry, audit, start };
}

describe('remembered approvals for view-provided tools (8.2, 4)', () => {
  it('"while this view is open" covers that view\'s tool only, and a re-listed changed tool not at all', async () => {
    recordListing(user, conversation, viewA, [reset]);
    recordListing(user, conversation, viewB, [reset]);
    const { registry, audit, start } = setup();

    const first = start('call_a', 'tc1');
    const ticket = (await first.next()).value?.view.gate;
    expect(ticket?.remember?.scopes).toEqual(['view', 'always']);
    const ran = first.next();
    expect(
      await answerGate(registry, ticket?.id ?? '', user, { approved: true }, undefined, 'view'),
    ).toMatchObject({ ok: true });
    answerRun((await ran).value?.run?.id ?? '', user, conversation, { result: { content: [] } });
    await first.next();
    expect((await listApprovalRules(db, user)).map((r) => r.scope)).toEqual([
      { kind: 'view', conversationId: conversation, viewId: 'call_a' },
    ]);

    // The same view's next call runs without a gate, and the log says why.
    const second = start('call_a', 'tc2');
    const step = (await second.next()).value;
    expect(step?.view.gate).toBeUndefined();
    expect(step?.run).toMatchObject({ viewId: 'call_a', toolName: 'view_reset' });
    const done = second.next();
    answerRun(step?.run?.id ?? '', user, conversation, { result: { content: [] } });
    await done;
    expect(audit.at(-1)).toMatchObject({
      surface: 'view-tool',
      outcome: 'ok (approved by a remembered rule (while the view is open))',
    });

    // View B's tool of the same name is asked.
    const other = start('call_b', 'tc3');
    expect((await other.next()).value?.view.gate).toMatchObject({ gate: 'confirm' });
    await other.return(undefined);

    // View A re-lists the tool with another definition: the rule no longer covers it.
    recordListing(user, conversation, viewA, [{ ...reset, description: 'Deletes everything' }]);
    const changed = start('call_a', 'tc4');
    expect((await changed.next()).value?.view.gate).toMatchObject({ gate: 'confirm' });
    await changed.return(undefined);
  });
});
