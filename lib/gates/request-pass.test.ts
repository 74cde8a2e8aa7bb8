import { describe, expect, it } from 'vitest';
import { bindingOf, mintPass, redeemPass, redeemRequestPass } from './pass';

const call = {
  serverId: 'srv',
  toolName: 'draft_reply',
  args: { messages: [{ role: 'user', content: 'x' }] },
};
const mint = (gate: 'sampling' | 'confirm') =>
  mintPass({
    gate,
    serverId: call.serverId,
    toolName: call.toolName,
    binding: bindingOf(call.serverId, call.toolName, call.args),
    via: 'answer',
  });

describe('MCP 2025-11-25 client/sampling: a sampling approval is its own pass (docs/gates.md)', () => {
  it('a pass minted for the sampling row never stands for a tool call, even one it binds exactly', () => {
    expect(redeemPass('confirm', mint('sampling'), call)).toMatchObject({ ok: false });
    expect(redeemPass('review', mint('sampling'), call)).toMatchObject({ ok: false });
  });

  it('a tool pass never stands for a sampling request', () => {
    expect(redeemRequestPass('sampling', mint('confirm'), call)).toMatchObject({ ok: false });
  });

  it('a sampling pass is spent once, and only for exactly the request it binds', () => {
    const pass = mint('sampling');
    expect(redeemRequestPass('sampling', pass, { ...call, args: { messages: [] } })).toMatchObject({
      ok: false,
    });
    expect(redeemRequestPass('sampling', pass, call)).toEqual({ ok: true });
    expect(redeemRequestPass('sampling', pass, call)).toMatchObject({ ok: false });
  });
});
