import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RememberableCall } from '../../trust/approval-rules';
import { type Db, LOCAL_USER_ID } from '../connect';
import {
  addApprovalRule,
  dropApprovalRulesForTool,
  dropViewApprovalRules,
  findCoveringRule,
  listApprovalRules,
  revokeApprovalRule,
} from './approval-rules';
import { dbTestTargets } from './db-targets';

const call: RememberableCall = {
  userId: LOCAL_USER_ID,
  serverId: 'poller',
  toolName: 'refresh',
  pinHash: 'pin-a',
  conversationId: 'c1',
  viewId: 'v1',
};
const base = { userId: LOCAL_USER_ID, serverId: 'poller', toolName: 'refresh', pinHash: 'pin-a' };

describe.each(dbTestTargets())('remembered approvals on $name', (target) => {
  let db: Db;
  const other = 'someone-else';

  beforeAll(async () => {
    db = await target.open();
    await db.insertInto('users').values({ id: other, display_name: 'Other' }).execute();
  });
  afterAll(async () => {
    await target.close(db);
  });

  it('stores each scope and finds the rule that covers a call', async () => {
    expect(await findCoveringRule(db, call)).toBeUndefined();
    const view = await addApprovalRule(db, {
      ...base,
      scope: { kind: 'view', conversationId: 'c1', viewId: 'v1' },
    });
    expect(view.scope).toEqual({ kind: 'view', conversationId: 'c1', viewId: 'v1' });
    expect((await findCoveringRule(db, call))?.id).toBe(view.id);
    expect(await findCoveringRule(db, { ...call, viewId: 'v2' })).toBeUndefined();
    const conversation = await addApprovalRule(db, {
      ...base,
      scope: { kind: 'conversation', conversationId: 'c2' },
    });
    expect((await findCoveringRule(db, { ...call, conversationId: 'c2', viewId: undefined }))?.id).toBe(
      conversation.id,
    );
    expect((await listApprovalRules(db, LOCAL_USER_ID)).map((r) => r.id)).toEqual([conversation.id, view.id]);
  });

  it("rug-pull: a changed definition is not covered, and a changed tool's rules are dropped", async () => {
    await addApprovalRule(db, { ...base, toolName: 'pinned', scope: { kind: 'always' } });
    const pinned = { ...call, toolName: 'pinned' };
    expect(await findCoveringRule(db, pinned)).toMatchObject({ toolName: 'pinned', pinHash: base.pinHash });
    expect(await findCoveringRule(db, { ...pinned, pinHash: 'pin-b' })).toBeUndefined();
    expect(await dropApprovalRulesForTool(db, LOCAL_USER_ID, 'poller', 'pinned')).toBe(1);
    expect(await findCoveringRule(db, pinned)).toBeUndefined();
  });

  it("rules are the user's own: another user's rule covers nothing and cannot be revoked by them", async () => {
    const theirs = await addApprovalRule(db, {
      ...base,
      userId: other,
      toolName: 'theirs',
      scope: { kind: 'always' },
    });
    expect(await findCoveringRule(db, { ...call, toolName: 'theirs' })).toBeUndefined();
    expect(await revokeApprovalRule(db, LOCAL_USER_ID, theirs.id)).toBe(false);
    expect(await revokeApprovalRule(db, other, theirs.id)).toBe(true);
    expect(await revokeApprovalRule(db, other, 'not-a-number')).toBe(false);
  });

  it('revoking a rule, or closing its view, brings the question back', async () => {
    const rule = await addApprovalRule(db, { ...base, toolName: 'revoked', scope: { kind: 'always' } });
    expect(await revokeApprovalRule(db, LOCAL_USER_ID, rule.id)).toBe(true);
    expect(await findCoveringRule(db, { ...call, toolName: 'revoked' })).toBeUndefined();
    await addApprovalRule(db, {
      ...base,
      toolName: 'in-view',
      scope: { kind: 'view', conversationId: 'c1', viewId: 'v9' },
    });
    expect(await dropViewApprovalRules(db, LOCAL_USER_ID, 'v9')).toBe(1);
    expect(await findCoveringRule(db, { ...call, toolName: 'in-view', viewId: 'v9' })).toBeUndefined();
  });
});
