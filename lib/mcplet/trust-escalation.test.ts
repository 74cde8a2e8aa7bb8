import { describe, expect, it } from 'vitest';
import type { SensitivityClass, TrustDeclaration } from '../trust/trust-annotations';
import { EMPTY_TRUST_STATE, propagate, resultTrust, type TrustState } from '../trust/trust-state';
import { GATE_LEVELS, GATE_TABLE, type Gate } from './gates';
import {
  DECISION_RULE_TEXT,
  DEFAULT_TRUST_POLICY,
  escalateForTrust,
  escalateVerdict,
  isActionLike,
  rememberedMayCover,
  TRUST_RULE_TEXT,
  type TrustPolicyConfig,
  untrustedBySource,
} from './trust-escalation';
import { MCPLET_TYPES } from './types';

const rank = (g: Gate) => GATE_TABLE[g].rank;
const WEB = { serverId: 'web', toolName: 'fetch_page' };
const FILES = { serverId: 'files', toolName: 'read_file' };

const sendEmail: TrustDeclaration = {
  attribution: [],
  inputMetadata: { destination: ['public'], sensitivity: ['pii', 'user'], outcomes: ['consequential'] },
};
const openWorldState = propagate(EMPTY_TRUST_STATE, WEB, {
  openWorld: true,
  malicious: false,
  attribution: ['https://evil.example/page'],
  sensitivity: [],
  untrustedPublic: false,
});
const salaryState = propagate(EMPTY_TRUST_STATE, FILES, {
  openWorld: false,
  malicious: false,
  attribution: ['mcp://file-server.acme.local/hr/salaries.xlsx'],
  sensitivity: ['financial'],
  untrustedPublic: false,
});
const maliciousState = propagate(EMPTY_TRUST_STATE, WEB, {
  openWorld: false,
  malicious: true,
  attribution: [],
  sensitivity: [],
  untrustedPublic: false,
});

describe('SEP Example 1: public destination with open-world or sensitive data → confirm', () => {
  it('open-world data: confirm, and the reason names the attribution that may leave', () => {
    const r = escalateForTrust({ gate: 'none', tool: sendEmail, state: openWorldState });
    expect(r.gate).toBe('confirm');
    expect(r.reasons).toEqual([
      {
        rule: 'public-destination',
        gate: 'confirm',
        text: 'This tool may send data to a public destination, and this conversation holds open-world (untrusted) content from web/fetch_page (https://evil.example/page).',
      },
    ]);
  });

  it('SEP Email MCP Scenario: financial data from the salary file → confirm naming financial and the file', () => {
    const r = escalateForTrust({ gate: 'none', tool: sendEmail, state: salaryState });
    expect(r.gate).toBe('confirm');
    expect(r.reasons[0]?.text).toBe(
      'This tool may send data to a public destination, and this conversation holds financial data from files/read_file (mcp://file-server.acme.local/hr/salaries.xlsx).',
    );
  });

  it('every sensitive class (credentials, financial, pii, regulated) escalates; user and none do not', () => {
    for (const c of ['credentials', 'financial', 'pii', 'regulated', 'regulated:HIPAA'] as const) {
      const s = propagate(EMPTY_TRUST_STATE, FILES, {
        ...resultTrust({ attribution: [] }, { attribution: [] }),
        sensitivity: [c],
      });
      expect(escalateForTrust({ gate: 'none', tool: sendEmail, state: s }).gate, c).toBe('confirm');
    }
    const user = propagate(EMPTY_TRUST_STATE, FILES, {
      ...resultTrust({ attribution: [] }, { attribution: [] }),
      sensitivity: ['user'],
    });
    expect(escalateForTrust({ gate: 'none', tool: sendEmail, state: user }).gate).toBe('none');
  });

  it('without attribution the reason names the tools the data came from', () => {
    const s = propagate(EMPTY_TRUST_STATE, WEB, {
      ...resultTrust({ attribution: [] }, { attribution: [] }),
      openWorld: true,
    });
    expect(escalateForTrust({ gate: 'none', tool: sendEmail, state: s }).reasons[0]?.text).toBe(
      'This tool may send data to a public destination, and this conversation holds open-world (untrusted) content from web/fetch_page.',
    );
  });

  it('both open-world and sensitive: the reason names each with the result that brought it', () => {
    const s = propagate(salaryState, WEB, {
      ...resultTrust({ attribution: [] }, { attribution: [] }),
      openWorld: true,
    });
    expect(escalateForTrust({ gate: 'none', tool: sendEmail, state: s }).reasons[0]?.text).toContain(
      'open-world (untrusted) content from web/fetch_page and financial data from files/read_file (mcp://file-server.acme.local/hr/salaries.xlsx)',
    );
  });

  it('a state stored before sources were kept names what it holds, as before', () => {
    const { sources: _none, ...rest } = salaryState;
    const old: TrustState = { ...rest, sources: [] };
    expect(escalateForTrust({ gate: 'none', tool: sendEmail, state: old }).reasons[0]?.text).toBe(
      'This tool may send data to a public destination, and this conversation holds financial data from mcp://file-server.acme.local/hr/salaries.xlsx.',
    );
  });

  it('a possible set that includes public counts; a destination without public, or an empty session, does not', () => {
    const maybe: TrustDeclaration = {
      attribution: [],
      inputMetadata: { destination: ['internal', 'public'] },
    };
    expect(escalateForTrust({ gate: 'none', tool: maybe, state: openWorldState }).gate).toBe('confirm');
    for (const d of ['ephemeral', 'system', 'user', 'internal'] as const)
      expect(
        escalateForTrust({
          gate: 'none',
          tool: { attribution: [], inputMetadata: { destination: [d] } },
          state: openWorldState,
        }).gate,
        d,
      ).toBe('none');
    expect(escalateForTrust({ gate: 'none', tool: sendEmail, state: EMPTY_TRUST_STATE }).gate).toBe('none');
    expect(escalateForTrust({ gate: 'none', tool: { attribution: [] }, state: openWorldState }).gate).toBe(
      'none',
    );
  });

  it('switch off: publicDestination: false asks nothing', () => {
    const r = escalateForTrust({
      gate: 'none',
      tool: sendEmail,
      state: openWorldState,
      config: { publicDestination: false },
    });
    expect(r).toEqual({ gate: 'none', reasons: [], spendsMaliciousFlag: false });
  });
});

describe('SEP Outcomes / Policy Layer confirm-irreversible-actions: outcomes irreversible → confirm', () => {
  const irreversible: TrustDeclaration = { attribution: [], inputMetadata: { outcomes: ['irreversible'] } };

  it('irreversible (alone or in a possible set) → confirm even in an empty session', () => {
    expect(escalateForTrust({ gate: 'none', tool: irreversible, state: EMPTY_TRUST_STATE })).toEqual({
      gate: 'confirm',
      reasons: [{ rule: 'irreversible', gate: 'confirm', text: 'This tool declares irreversible outcomes.' }],
      spendsMaliciousFlag: false,
    });
    const set: TrustDeclaration = {
      attribution: [],
      inputMetadata: { outcomes: ['benign', 'irreversible'] },
    };
    expect(escalateForTrust({ gate: 'notify', tool: set, state: EMPTY_TRUST_STATE }).gate).toBe('confirm');
  });

  it('benign or consequential outcomes ask nothing', () => {
    for (const o of ['benign', 'consequential'] as const)
      expect(
        escalateForTrust({
          gate: 'none',
          tool: { attribution: [], inputMetadata: { outcomes: [o] } },
          state: EMPTY_TRUST_STATE,
        }).gate,
        o,
      ).toBe('none');
  });

  it('switch off: irreversible: false asks nothing', () => {
    expect(
      escalateForTrust({
        gate: 'none',
        tool: irreversible,
        state: EMPTY_TRUST_STATE,
        config: { irreversible: false },
      }).gate,
    ).toBe('none');
  });
});

describe('SEP client responsibilities 2, 3 / Example 2: a malicious-activity flag → the next action-like call confirms', () => {
  it('an action-like call after the flag: confirm, names the flagged tool, spends the flag', () => {
    const r = escalateForTrust({ gate: 'none', tool: { attribution: [] }, state: maliciousState });
    expect(r).toEqual({
      gate: 'confirm',
      reasons: [
        {
          rule: 'malicious-activity',
          gate: 'confirm',
          text: 'An earlier result from web/fetch_page was flagged for suspected malicious activity.',
        },
      ],
      spendsMaliciousFlag: true,
    });
  });

  it('a read (readOnlyHint, ephemeral, benign) does not spend the flag', () => {
    const read: TrustDeclaration = {
      attribution: [],
      inputMetadata: { destination: ['ephemeral'], outcomes: ['benign'] },
    };
    expect(escalateForTrust({ gate: 'none', tool: read, readOnlyHint: true, state: maliciousState })).toEqual(
      {
        gate: 'none',
        reasons: [],
        spendsMaliciousFlag: false,
      },
    );
  });

  it('no flag, no escalation; switch off: maliciousActivity: false asks nothing and spends nothing', () => {
    expect(escalateForTrust({ gate: 'none', tool: { attribution: [] }, state: EMPTY_TRUST_STATE }).gate).toBe(
      'none',
    );
    expect(
      escalateForTrust({
        gate: 'none',
        tool: { attribution: [] },
        state: maliciousState,
        config: { maliciousActivity: false },
      }),
    ).toEqual({ gate: 'none', reasons: [], spendsMaliciousFlag: false });
  });

  it('isActionLike: a read only when readOnlyHint is true, not an MCPlet action, outcomes benign and destination ephemeral', () => {
    const none: TrustDeclaration = { attribution: [] };
    expect(isActionLike({ tool: none })).toBe(true);
    expect(isActionLike({ tool: none, readOnlyHint: false })).toBe(true);
    expect(isActionLike({ tool: none, readOnlyHint: true })).toBe(false);
    expect(isActionLike({ tool: none, readOnlyHint: true, mcpletType: 'action' })).toBe(true);
    expect(isActionLike({ tool: none, readOnlyHint: true, mcpletType: 'read' })).toBe(false);
    expect(
      isActionLike({
        tool: { attribution: [], inputMetadata: { outcomes: ['consequential'] } },
        readOnlyHint: true,
      }),
    ).toBe(true);
    expect(
      isActionLike({
        tool: { attribution: [], inputMetadata: { destination: ['user'] } },
        readOnlyHint: true,
      }),
    ).toBe(true);
  });
});

describe('SEP Source untrustedPublic → untrusted content for the projection', () => {
  it('returnMetadata.source untrustedPublic on the tool or the result flags the result; switch off clears the flag', () => {
    const byTool = resultTrust(
      { attribution: [], returnMetadata: { source: ['untrustedPublic'] } },
      { attribution: [] },
    );
    const byResult = resultTrust(
      { attribution: [] },
      { attribution: [], returnMetadata: { source: ['untrustedPublic'] } },
    );
    expect(untrustedBySource(byTool)).toBe(true);
    expect(untrustedBySource(byResult)).toBe(true);
    expect(untrustedBySource(byTool, { untrustedSource: false })).toBe(false);
    for (const s of ['trustedPublic', 'internal', 'user', 'system'] as const)
      expect(
        untrustedBySource(
          resultTrust({ attribution: [], returnMetadata: { source: [s] } }, { attribution: [] }),
        ),
        s,
      ).toBe(false);
  });
});

describe('SEP client responsibility 5: annotations are untrusted hints, they never lower a level', () => {
  const tools: TrustDeclaration[] = [
    { attribution: [] },
    sendEmail,
    { attribution: ['x'], openWorldHint: false, maliciousActivityHint: false },
    {
      attribution: [],
      inputMetadata: { destination: ['ephemeral'], outcomes: ['benign'], sensitivity: ['none'] },
    },
    { attribution: [], inputMetadata: { destination: ['public'], outcomes: ['irreversible'] } },
    { attribution: [], inputMetadata: { outcomes: ['irreversible'] } },
  ];
  const states: TrustState[] = [EMPTY_TRUST_STATE, openWorldState, salaryState, maliciousState];
  const configs: Array<Partial<TrustPolicyConfig>> = [];
  for (let mask = 0; mask < 16; mask++)
    configs.push({
      publicDestination: (mask & 1) !== 0,
      irreversible: (mask & 2) !== 0,
      maliciousActivity: (mask & 4) !== 0,
      untrustedSource: (mask & 8) !== 0,
    });

  it('over every gate level × tool × state × switch × readOnlyHint × MCPlet type: the result is never below the input', () => {
    let checked = 0;
    for (const gate of GATE_LEVELS)
      for (const tool of tools)
        for (const state of states)
          for (const config of configs)
            for (const readOnlyHint of [undefined, false, true])
              for (const mcpletType of [undefined, ...MCPLET_TYPES]) {
                const r = escalateForTrust({ gate, tool, state, config, readOnlyHint, mcpletType });
                expect(rank(r.gate), JSON.stringify({ gate, tool, state, config })).toBeGreaterThanOrEqual(
                  rank(gate),
                );
                // The level is exactly the stricter of the input and every reason.
                const want = r.reasons.reduce((g, x) => (rank(x.gate) > rank(g) ? x.gate : g), gate);
                expect(r.gate).toBe(want);
                checked++;
              }
    expect(checked).toBe(
      GATE_LEVELS.length * tools.length * states.length * 16 * 3 * (MCPLET_TYPES.length + 1),
    );
  });

  it('passkey stays passkey; review is raised to confirm by any reason', () => {
    expect(escalateForTrust({ gate: 'passkey', tool: sendEmail, state: openWorldState }).gate).toBe(
      'passkey',
    );
    expect(escalateForTrust({ gate: 'review', tool: sendEmail, state: openWorldState }).gate).toBe('confirm');
  });

  it('the defaults are on', () => {
    expect(DEFAULT_TRUST_POLICY).toEqual({
      publicDestination: true,
      irreversible: true,
      maliciousActivity: true,
      untrustedSource: true,
      acceptedSensitivity: true,
    });
  });
});

describe('SEP inputMetadata.sensitivity: data of a class the tool does not accept → confirm', () => {
  const accepting = (...sensitivity: SensitivityClass[]): TrustDeclaration => ({
    attribution: [],
    inputMetadata: { sensitivity },
  });
  const holding = (...sensitivity: SensitivityClass[]) =>
    propagate(EMPTY_TRUST_STATE, FILES, {
      ...resultTrust({ attribution: [] }, { attribution: [] }),
      attribution: ['urn:example:patient:1'],
      sensitivity,
    });

  it('a tool that accepts only none, given regulated data: confirm, naming the class, its result and what it accepts', () => {
    const r = escalateForTrust({ gate: 'none', tool: accepting('none'), state: holding('regulated:HIPAA') });
    expect(r.gate).toBe('confirm');
    expect(r.reasons).toEqual([
      {
        rule: 'sensitivity-not-accepted',
        gate: 'confirm',
        text: 'This conversation holds regulated:HIPAA data from files/read_file (urn:example:patient:1), which this tool does not declare it accepts (it accepts none).',
      },
    ]);
  });

  it('over every held × accepted pair of classes: asked exactly when the tool does not accept the class', () => {
    const classes: SensitivityClass[] = [
      'none',
      'user',
      'pii',
      'financial',
      'credentials',
      'regulated',
      'regulated:HIPAA',
      'regulated:GDPR',
    ];
    for (const held of classes.filter((c) => c !== 'none'))
      for (const accepted of classes) {
        const takes = held === accepted || (held.startsWith('regulated:') && accepted === 'regulated');
        const r = escalateForTrust({ gate: 'none', tool: accepting(accepted), state: holding(held) });
        expect(r.gate, `${held} to a tool accepting ${accepted}`).toBe(takes ? 'none' : 'confirm');
      }
  });

  it('a tool that declares no input sensitivity, or a clean conversation, is not asked; the switch turns it off', () => {
    expect(escalateForTrust({ gate: 'none', tool: { attribution: [] }, state: holding('pii') }).gate).toBe(
      'none',
    );
    expect(escalateForTrust({ gate: 'none', tool: accepting('none'), state: EMPTY_TRUST_STATE }).gate).toBe(
      'none',
    );
    expect(
      escalateForTrust({
        gate: 'none',
        tool: accepting('none'),
        state: holding('pii'),
        config: { acceptedSensitivity: false },
      }).gate,
    ).toBe('none');
  });

  it('is asked every time: a remembered approval never covers it', () => {
    const r = escalateForTrust({ gate: 'none', tool: accepting('none'), state: holding('pii') });
    expect(rememberedMayCover(r.reasons)).toBe(false);
  });
});

describe('escalateVerdict: the gate precedence names the trust rule only when it raised the level', () => {
  it('a raise names the first trust rule; a tie or a stricter precedence keeps the precedence rule', () => {
    const irreversiblePublic: TrustDeclaration = {
      attribution: [],
      inputMetadata: { destination: ['public'], outcomes: ['irreversible'] },
    };
    expect(
      escalateVerdict({ gate: 'none', rule: 'default' }, { tool: irreversiblePublic, state: openWorldState }),
    ).toMatchObject({ gate: 'confirm', rule: 'public-destination' });
    expect(
      escalateVerdict(
        { gate: 'none', rule: 'default' },
        { tool: irreversiblePublic, state: EMPTY_TRUST_STATE },
      ),
    ).toMatchObject({ gate: 'confirm', rule: 'irreversible' });
    expect(
      escalateVerdict(
        { gate: 'confirm', rule: 'mcplet-type' },
        { tool: irreversiblePublic, state: openWorldState },
      ),
    ).toMatchObject({ gate: 'confirm', rule: 'mcplet-type' });
    expect(
      escalateVerdict(
        { gate: 'passkey', rule: 'mcplet-auth' },
        { tool: irreversiblePublic, state: openWorldState },
      ),
    ).toMatchObject({ gate: 'passkey', rule: 'mcplet-auth' });
    const kept = escalateVerdict(
      { gate: 'notify', rule: 'hint' },
      { tool: { attribution: [] }, state: EMPTY_TRUST_STATE },
    );
    expect(kept).toEqual({ gate: 'notify', rule: 'hint', reasons: [], spendsMaliciousFlag: false });
  });

  it('every trust rule has a text for the preview', () => {
    for (const rule of ['public-destination', 'irreversible', 'malicious-activity'] as const)
      expect(TRUST_RULE_TEXT[rule].length, rule).toBeGreaterThan(0);
  });
});

describe('remembered approvals × trust escalation: a remembered approval never silently covers a trust escalation from the conversation', () => {
  it('public-destination and malicious-activity reasons cannot be covered; irreversible (part of the pinned definition) can', () => {
    const reasons = (state: TrustState, tool: TrustDeclaration) =>
      escalateForTrust({ gate: 'confirm', tool, state }).reasons;
    expect(rememberedMayCover(reasons(openWorldState, sendEmail))).toBe(false);
    expect(rememberedMayCover(reasons(maliciousState, { attribution: [] }))).toBe(false);
    const irreversible: TrustDeclaration = { attribution: [], inputMetadata: { outcomes: ['irreversible'] } };
    expect(reasons(EMPTY_TRUST_STATE, irreversible).map((r) => r.rule)).toEqual(['irreversible']);
    expect(rememberedMayCover(reasons(EMPTY_TRUST_STATE, irreversible))).toBe(true);
    expect(rememberedMayCover([])).toBe(true);
    expect(rememberedMayCover()).toBe(true);
  });

  it('every rule has a preview text, precedence and trust alike', () => {
    expect(DECISION_RULE_TEXT.default).toBe('read or prepare tool, no rule asks for a gate');
    expect(DECISION_RULE_TEXT['mcplet-type']).toBe('MCPlet type action (spec 4)');
    expect(DECISION_RULE_TEXT['public-destination']).toBe(
      'may send open-world or sensitive data of this conversation to a public destination',
    );
    expect(DECISION_RULE_TEXT.irreversible).toBe('inputMetadata.outcomes: irreversible');
    expect(DECISION_RULE_TEXT['malicious-activity']).toBe(
      'an earlier result was flagged maliciousActivityHint',
    );
  });
});
