import { describe, expect, it } from 'vitest';
import {
  type GateCaller,
  type GateInputs,
  HITL_HINTS,
  type HitlHint,
  resolveGate,
  type UserGateSetting,
} from './gate-precedence';
import { GATE_LEVELS, GATE_TABLE, type Gate, stricter } from './gates';
import { MCPLET_TYPES, type Surface, type ToolAuth } from './types';

const AUTHS: Array<{ label: string; auth?: ToolAuth }> = [
  { label: 'no auth' },
  { label: 'auth confirmation', auth: { required: 'confirmation', enforcement: 'host-only' } },
  { label: 'auth passkey strict', auth: { required: 'passkey', enforcement: 'strict' } },
];
const HINTS: Array<HitlHint | undefined> = [undefined, ...HITL_HINTS];
const DESTRUCTIVE: Array<boolean | undefined> = [undefined, false, true];
const SETTINGS: Array<UserGateSetting | undefined> = [undefined, 'none', 'notify', 'review', 'confirm'];
const ADMITTED = ['mcplet', 'overlay', 'annotations'] as const;
/** The caller and the tool's visibility: the model, or a view of the tool's own server, with an app-only tool or not. */
const CALLERS: Array<{ caller?: GateCaller; visibility?: Surface[] }> = [
  {},
  { caller: 'model', visibility: ['model', 'app'] },
  { caller: 'own-view', visibility: ['model', 'app'] },
  { caller: 'own-view', visibility: ['app'] },
];

function every(): GateInputs[] {
  const all: GateInputs[] = [];
  for (const mcpletType of MCPLET_TYPES)
    for (const { auth } of AUTHS)
      for (const hint of HINTS)
        for (const destructiveHint of DESTRUCTIVE)
          for (const trustHints of [false, true])
            for (const userSetting of SETTINGS)
              for (const admittedBy of ADMITTED)
                for (const { caller, visibility } of CALLERS)
                  all.push({
                    mcpletType,
                    auth,
                    hint,
                    destructiveHint,
                    trustHints,
                    userSetting,
                    admittedBy,
                    caller,
                    visibility,
                  });
  return all;
}

const rank = (g: Gate) => GATE_TABLE[g].rank;
const atLeast = (g: Gate, floor: Gate) => rank(g) >= rank(floor);
const label = (c: GateInputs) => JSON.stringify(c);

/** The precedence written as a formula, independently of resolveGate's loop. */
function expected(c: GateInputs): Gate {
  const declared = c.admittedBy !== 'annotations';
  let floor: Gate = c.userSetting ?? 'none';
  if (c.auth?.required === 'passkey' && c.auth.enforcement === 'strict') floor = 'passkey';
  if (declared && (c.mcpletType === 'action' || c.auth)) floor = stricter(floor, 'confirm');
  let derived: Gate = 'none';
  const ownAppOnly = c.caller === 'own-view' && c.visibility?.length === 1 && c.visibility[0] === 'app';
  if (!declared && (c.mcpletType === 'action' || c.auth)) derived = ownAppOnly ? 'notify' : 'confirm';
  if (c.destructiveHint === true) derived = 'confirm';
  if (c.trustHints && c.hint) return stricter(floor, c.hint);
  return stricter(stricter(floor, derived), c.hint ?? 'none');
}

describe('the gate table', () => {
  it('has one row per level, strictly ordered by rank', () => {
    const ranks = GATE_LEVELS.map((g) => GATE_TABLE[g].rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(new Set(ranks).size).toBe(GATE_LEVELS.length);
  });

  it('a call waits exactly when the server requires something before dispatch', () => {
    for (const g of GATE_LEVELS) expect(GATE_TABLE[g].waits, g).toBe(GATE_TABLE[g].server !== 'nothing');
  });

  it('WebMCP HITL proposal: none and notify run at once; notify shows a notice; review is the only editable level', () => {
    expect(GATE_TABLE.none).toMatchObject({ waits: false, browser: 'nothing' });
    expect(GATE_TABLE.notify).toMatchObject({ waits: false, browser: 'notice' });
    expect(GATE_LEVELS.filter((g) => GATE_TABLE[g].editable)).toEqual(['review']);
  });

  it('7: a passkey gate requires an assertion, is never editable and never remembered', () => {
    expect(GATE_TABLE.passkey).toMatchObject({ server: 'assertion', editable: false, rememberable: false });
  });

  it('remembered approvals are never offered for review or passkey', () => {
    expect(GATE_LEVELS.filter((g) => GATE_TABLE[g].rememberable)).toEqual(['confirm']);
  });
});

describe('gate precedence over every combination', () => {
  const combos = every();

  it(`matches the documented precedence for all ${combos.length} combinations`, () => {
    for (const c of combos) expect(resolveGate(c).gate, label(c)).toBe(expected(c));
  });

  it('4: an action declared by MCPlet metadata is at least a confirmation, whatever the hint or trust', () => {
    for (const c of combos.filter((x) => x.mcpletType === 'action' && x.admittedBy !== 'annotations'))
      expect(atLeast(resolveGate(c).gate, 'confirm'), label(c)).toBe(true);
  });

  it('7: auth passkey strict is always a passkey gate', () => {
    for (const c of combos.filter((x) => x.auth?.required === 'passkey'))
      expect(resolveGate(c), label(c)).toEqual({ gate: 'passkey', rule: 'mcplet-auth' });
  });

  it('7: any declared auth is at least a confirmation', () => {
    for (const c of combos.filter((x) => x.auth && x.admittedBy !== 'annotations'))
      expect(atLeast(resolveGate(c).gate, 'confirm'), label(c)).toBe(true);
  });

  it('WebMCP HITL proposal: an untrusted hint only raises the level', () => {
    for (const c of combos.filter((x) => !x.trustHints && x.hint)) {
      const without = resolveGate({ ...c, hint: undefined }).gate;
      expect(resolveGate(c).gate, label(c)).toBe(stricter(without, c.hint as Gate));
    }
  });

  it("annotations admission: only a view's call of its own server's app-only tool turns the derived confirmation into a notice", () => {
    const derived = combos.filter(
      (x) =>
        x.admittedBy === 'annotations' &&
        x.mcpletType === 'action' &&
        x.auth?.required !== 'passkey' &&
        !x.destructiveHint &&
        !x.hint &&
        !x.userSetting,
    );
    for (const c of derived) {
      const ownAppOnly = c.caller === 'own-view' && c.visibility?.join() === 'app';
      expect(resolveGate(c), label(c)).toEqual(
        ownAppOnly ? { gate: 'notify', rule: 'own-view-app-only' } : { gate: 'confirm', rule: 'annotations' },
      );
    }
  });

  it('MCPlet metadata, destructiveHint, an untrusted hint and the setting still raise an own-view app-only call', () => {
    const ownAppOnly = combos.filter((x) => x.caller === 'own-view' && x.visibility?.join() === 'app');
    for (const c of ownAppOnly) {
      const gate = resolveGate(c).gate;
      if (c.admittedBy !== 'annotations' && (c.mcpletType === 'action' || c.auth))
        expect(atLeast(gate, 'confirm'), label(c)).toBe(true);
      if (c.destructiveHint && !(c.trustHints && c.hint))
        expect(atLeast(gate, 'confirm'), label(c)).toBe(true);
      if (c.hint) expect(atLeast(gate, c.hint), label(c)).toBe(true);
      if (c.userSetting) expect(atLeast(gate, c.userSetting), label(c)).toBe(true);
    }
  });

  it('destructiveHint: true is at least a confirmation unless a trusted hint replaces it', () => {
    for (const c of combos.filter((x) => x.destructiveHint === true && !(x.trustHints && x.hint)))
      expect(atLeast(resolveGate(c).gate, 'confirm'), label(c)).toBe(true);
  });

  it('a trusted hint may lower an annotations-derived confirmation, never below the MCPlet rules or the setting', () => {
    for (const c of combos.filter((x) => x.trustHints && x.hint)) {
      const gate = resolveGate(c).gate;
      const mcpletFloor = resolveGate({
        ...c,
        hint: 'none',
        destructiveHint: undefined,
        admittedBy: c.admittedBy === 'annotations' ? 'annotations' : c.admittedBy,
      }).gate;
      expect(atLeast(gate, c.hint as Gate), label(c)).toBe(true);
      if (c.admittedBy !== 'annotations') expect(atLeast(gate, mcpletFloor), label(c)).toBe(true);
      if (c.userSetting) expect(atLeast(gate, c.userSetting), label(c)).toBe(true);
    }
  });

  it("the user's setting only raises the level", () => {
    for (const c of combos.filter((x) => x.userSetting)) {
      const without = resolveGate({ ...c, userSetting: undefined }).gate;
      expect(resolveGate(c).gate, label(c)).toBe(stricter(without, c.userSetting as Gate));
    }
  });

  it('names a rule that alone asks for the level it decided', () => {
    for (const c of combos) {
      const { gate, rule } = resolveGate(c);
      if (rule === 'default') expect(gate).toBe('none');
      if (rule === 'hint' || rule === 'trusted-hint') expect(c.hint, label(c)).toBe(gate);
      if (rule === 'user-setting') expect(c.userSetting, label(c)).toBe(gate);
      if (rule === 'destructive-hint') expect(c.destructiveHint && gate === 'confirm', label(c)).toBe(true);
    }
  });
});

describe('which rule decides (shown in the preview)', () => {
  const read: GateInputs = { mcpletType: 'read', admittedBy: 'mcplet' };

  it('a read tool with nothing else runs by default', () => {
    expect(resolveGate(read)).toEqual({ gate: 'none', rule: 'default' });
  });

  it('WebMCP HITL proposal: a prepare tool with hint notify or review gets it from the hint', () => {
    expect(resolveGate({ ...read, mcpletType: 'prepare', hint: 'notify' })).toEqual({
      gate: 'notify',
      rule: 'hint',
    });
    expect(resolveGate({ ...read, mcpletType: 'prepare', hint: 'review' })).toEqual({
      gate: 'review',
      rule: 'hint',
    });
  });

  it('4: an action with hint none stays a confirmation, decided by its MCPlet type', () => {
    expect(resolveGate({ ...read, mcpletType: 'action', hint: 'none', trustHints: true })).toEqual({
      gate: 'confirm',
      rule: 'mcplet-type',
    });
  });

  it('annotations admission: a trusted hint lowers the derived confirmation', () => {
    const derived: GateInputs = {
      mcpletType: 'action',
      admittedBy: 'annotations',
      auth: { required: 'confirmation', enforcement: 'host-only' },
    };
    expect(resolveGate(derived)).toEqual({ gate: 'confirm', rule: 'annotations' });
    expect(resolveGate({ ...derived, hint: 'notify' })).toEqual({ gate: 'confirm', rule: 'annotations' });
    expect(resolveGate({ ...derived, hint: 'notify', trustHints: true })).toEqual({
      gate: 'notify',
      rule: 'trusted-hint',
    });
  });

  it('destructiveHint raises a read tool to a confirmation', () => {
    expect(resolveGate({ ...read, destructiveHint: true })).toEqual({
      gate: 'confirm',
      rule: 'destructive-hint',
    });
  });

  it('a user setting of review raises a read tool', () => {
    expect(resolveGate({ ...read, userSetting: 'review' })).toEqual({ gate: 'review', rule: 'user-setting' });
  });
});
