import { describe, expect, it } from 'vitest';
import { offerToModel } from './offer';
import { decide, gateFor } from './policy';
import type { McpletTool } from './types';

const session = { userId: 'local' };
const base: McpletTool = {
  serverId: 'restaurant',
  name: 'search',
  description: '',
  inputSchema: { type: 'object' },
  mcpletType: 'read',
  visibility: ['model'],
  admittedBy: 'mcplet',
  warnings: [],
};
const t = (over: Partial<McpletTool>): McpletTool => ({ ...base, ...over });

describe('8.2 visibility enforcement in decide()', () => {
  it('8.2: a model-only tool may be called by the model', () => {
    expect(decide(t({}), { kind: 'model' }, {}, session)).toMatchObject({ allow: true, gate: 'none' });
  });

  it('8.2: app-only tools never reach the model', () => {
    expect(decide(t({ visibility: ['app'] }), { kind: 'model' }, {}, session)).toMatchObject({
      allow: false,
      code: 'NOT_MODEL_VISIBLE',
    });
  });

  it('8.2: a view may not call a model-only tool', () => {
    expect(decide(t({}), { kind: 'app', serverId: 'restaurant' }, {}, session)).toMatchObject({
      allow: false,
      code: 'NOT_APP_VISIBLE',
    });
  });

  it('8.2: a view may call an app-visible tool of its own server only', () => {
    const dual = t({ visibility: ['model', 'app'] });
    expect(decide(dual, { kind: 'app', serverId: 'restaurant' }, {}, session)).toMatchObject({ allow: true });
    expect(decide(dual, { kind: 'app', serverId: 'weather' }, {}, session)).toMatchObject({
      allow: false,
      code: 'OTHER_SERVER',
    });
  });

  it('5.3.1: a tool that is not admitted is denied on every surface', () => {
    expect(decide(undefined, { kind: 'model' }, {}, session)).toMatchObject({
      allow: false,
      code: 'NOT_ADMITTED',
    });
    expect(decide(undefined, { kind: 'app', serverId: 'x' }, {}, session)).toMatchObject({
      allow: false,
      code: 'NOT_ADMITTED',
    });
  });

  it.each([[null], [[1, 2]], ['text'], [3]])('arguments must be an object (%j)', (args) => {
    expect(decide(t({}), { kind: 'model' }, args, session)).toMatchObject({
      allow: false,
      code: 'ARGUMENTS_NOT_OBJECT',
    });
  });
});

describe('4 and 8.3: the gate a call needs', () => {
  it('4: read and prepare tools need no gate', () => {
    expect(gateFor(t({ mcpletType: 'read' }))).toBe('none');
    expect(gateFor(t({ mcpletType: 'prepare' }))).toBe('none');
  });

  it('7.2: a strict passkey action needs the passkey gate, whatever surface proposes it', () => {
    const action = t({
      mcpletType: 'action',
      visibility: ['model', 'app'],
      auth: { required: 'passkey', enforcement: 'strict' },
    });
    expect(decide(action, { kind: 'model' }, {}, session)).toMatchObject({ allow: true, gate: 'passkey' });
    expect(decide(action, { kind: 'app', serverId: 'restaurant' }, {}, session)).toMatchObject({
      allow: true,
      gate: 'passkey',
    });
  });

  it('4 / 6.7: other actions, and host-only passkey tools, need a host-drawn confirmation', () => {
    expect(
      gateFor(
        t({
          mcpletType: 'action',
          visibility: ['app'],
          auth: { required: 'passkey', enforcement: 'host-only' },
        }),
      ),
    ).toBe('confirm');
    expect(gateFor(t({ mcpletType: 'action', visibility: ['app'] }))).toBe('confirm');
  });

  it('6.7: a prepare tool with host-only auth is intercepted for confirmation', () => {
    expect(
      gateFor(t({ mcpletType: 'prepare', auth: { required: 'confirmation', enforcement: 'host-only' } })),
    ).toBe('confirm');
  });

  it('prompt injection in results: nothing in the arguments lowers a gate', () => {
    const action = t({ mcpletType: 'action', visibility: ['app'] });
    const decision = decide(
      action,
      { kind: 'app', serverId: 'restaurant' },
      { gate: 'none', approved: true },
      session,
    );
    expect(decision).toMatchObject({ allow: true, gate: 'confirm' });
  });
});

describe('8.2 the view-tool surface: the model calling a tool an open view provides', () => {
  const viewTool = t({
    serverId: 'probe',
    name: 'view_reset',
    mcpletType: 'action',
    auth: { required: 'confirmation', enforcement: 'host-only' },
    viewId: 'call_1',
  });

  it('8.2: a view tool is decided on the surface of its own view, with its gate', () => {
    expect(decide(viewTool, { kind: 'view-tool', viewId: 'call_1' }, {}, session)).toMatchObject({
      allow: true,
      gate: 'confirm',
    });
    expect(
      decide(
        t({ viewId: 'call_1', readOnlyHint: true }),
        { kind: 'view-tool', viewId: 'call_1' },
        {},
        session,
      ),
    ).toMatchObject({ allow: true, gate: 'none' });
  });

  it('8.2: a view tool cannot be called through another view', () => {
    expect(decide(viewTool, { kind: 'view-tool', viewId: 'call_2' }, {}, session)).toMatchObject({
      allow: false,
      code: 'OTHER_VIEW',
    });
  });

  it('8.2: a view tool is never reached on the model or app surface (the MCP dispatch path)', () => {
    expect(decide(viewTool, { kind: 'model' }, {}, session)).toMatchObject({
      allow: false,
      code: 'OTHER_VIEW',
    });
    expect(decide(viewTool, { kind: 'app', serverId: 'probe' }, {}, session)).toMatchObject({
      allow: false,
      code: 'OTHER_VIEW',
    });
  });

  it('8.2: an MCP server tool is never reached on the view-tool surface', () => {
    expect(
      decide(t({ visibility: ['model', 'app'] }), { kind: 'view-tool', viewId: 'call_1' }, {}, session),
    ).toMatchObject({ allow: false, code: 'OTHER_VIEW' });
  });

  it('8.2: the model proposes view-tool calls, so a view tool must be model-visible', () => {
    expect(
      decide({ ...viewTool, visibility: ['app'] }, { kind: 'view-tool', viewId: 'call_1' }, {}, session),
    ).toMatchObject({ allow: false, code: 'NOT_MODEL_VISIBLE' });
  });

  it('5.3.1 / 5.1: an unknown view tool and non-object arguments are denied', () => {
    expect(decide(undefined, { kind: 'view-tool', viewId: 'call_1' }, {}, session)).toMatchObject({
      allow: false,
      code: 'NOT_ADMITTED',
    });
    expect(decide(viewTool, { kind: 'view-tool', viewId: 'call_1' }, [1], session)).toMatchObject({
      allow: false,
      code: 'ARGUMENTS_NOT_OBJECT',
    });
  });

  it('prompt injection in results: nothing in the arguments lowers a view tool’s gate', () => {
    expect(
      decide(
        viewTool,
        { kind: 'view-tool', viewId: 'call_1' },
        { readOnlyHint: true, gate: 'none' },
        session,
      ),
    ).toMatchObject({ allow: true, gate: 'confirm' });
  });
});

describe('rug-pull, MCPlet 5.3.2 re-listing: a changed tool is refused until its diff is accepted', () => {
  const changed = t({ visibility: ['model', 'app'], pin: 'changed' });

  it.each([
    ['the model', { kind: 'model' as const }],
    ['a view of its own server', { kind: 'app' as const, serverId: 'restaurant' }],
  ])('rug-pull: %s cannot call a changed tool', (_who, surface) => {
    expect(decide(changed, surface, {}, session)).toMatchObject({
      allow: false,
      code: 'TOOL_CHANGED',
      section: '5.3.2',
      reason: expect.stringContaining('review the change'),
    });
  });

  it('5.3.2: a changed tool is refused before its gate is even computed', () => {
    const action = t({
      mcpletType: 'action',
      visibility: ['model'],
      pin: 'changed',
      auth: { required: 'confirmation', enforcement: 'host-only' },
    });
    expect(decide(action, { kind: 'model' }, {}, session)).toMatchObject({
      allow: false,
      code: 'TOOL_CHANGED',
    });
  });

  it('5.3.2: a new tool (appeared after first admission) is callable as usual', () => {
    expect(decide(t({ pin: 'new' }), { kind: 'model' }, {}, session)).toMatchObject({ allow: true });
  });

  it('8.2: a changed tool is not offered to the model', () => {
    const offered = offerToModel(
      [
        { modelName: 'a', tool: t({ name: 'a' }), surface: { kind: 'model' } },
        { modelName: 'b', tool: t({ name: 'b', pin: 'changed' }), surface: { kind: 'model' } },
      ],
      session,
    );
    expect(offered.map((c) => c.modelName)).toEqual(['a']);
  });
});

describe("a view's call of its own server's app-only tool (docs/gates.md, the own-view rule)", () => {
  // As annotations admission derives it from a tool without readOnlyHint (lib/mcplet/admission.ts).
  const polled = t({
    visibility: ['app'],
    mcpletType: 'action',
    admittedBy: 'annotations',
    auth: { required: 'confirmation', enforcement: 'host-only' },
  });
  const ownView = { kind: 'app', serverId: 'restaurant' } as const;

  it('under annotations admission it is a notice, not a dialog; the model never reaches the tool', () => {
    expect(decide(polled, ownView, {}, session)).toMatchObject({
      allow: true,
      gate: 'notify',
      rule: 'own-view-app-only',
    });
    expect(decide(polled, { kind: 'model' }, {}, session)).toMatchObject({ allow: false });
    expect(decide(polled, { kind: 'app', serverId: 'other' }, {}, session)).toMatchObject({
      allow: false,
      code: 'OTHER_SERVER',
    });
  });

  it('the same tool visible to the model too stays a confirmation, from a view as from the model', () => {
    const dual = { ...polled, visibility: ['model', 'app'] as McpletTool['visibility'] };
    expect(decide(dual, ownView, {}, session)).toMatchObject({ gate: 'confirm', rule: 'annotations' });
    expect(decide(dual, { kind: 'model' }, {}, session)).toMatchObject({ gate: 'confirm' });
  });

  it('destructiveHint, MCPlet metadata and the user setting still raise it', () => {
    expect(decide({ ...polled, destructiveHint: true }, ownView, {}, session)).toMatchObject({
      gate: 'confirm',
    });
    expect(decide({ ...polled, admittedBy: 'overlay' }, ownView, {}, session)).toMatchObject({
      gate: 'confirm',
    });
    expect(decide({ ...polled, admittedBy: 'mcplet' }, ownView, {}, session)).toMatchObject({
      gate: 'confirm',
    });
    expect(decide(polled, ownView, {}, session, { userSetting: 'confirm' })).toMatchObject({
      gate: 'confirm',
    });
  });
});
