import { describe, expect, it } from 'vitest';
import { EMPTY_TRUST_STATE, failClosedTrustState, propagate, type ResultTrust } from '../trust/trust-state';
import { GATE_LEVELS, GATE_TABLE, type GateRowName, isGate, REQUEST_GATES, requestRow } from './gates';
import {
  decideSampling,
  type SamplingGateInput,
  type SamplingTrustReason,
  samplingTrustReasons,
} from './sampling-gate';

const trust = (over: Partial<ResultTrust>): ResultTrust => ({
  openWorld: false,
  malicious: false,
  attribution: [],
  sensitivity: [],
  untrustedPublic: false,
  ...over,
});
const WEB = { serverId: 'web', toolName: 'fetch_page' };
const NOTES = { serverId: 'notes', toolName: 'read' };
const UNTRUSTED: SamplingTrustReason = { rule: 'open-world-server', text: 'web/fetch_page' };
const base: SamplingGateInput = { attributed: true, withinRate: true, remembered: false, trustReasons: [] };

describe('MCP 2025-11-25 client/sampling: who decides a sampling request (lib/mcplet/sampling-gate)', () => {
  it('Sampling, "User Interaction Model": an attributed request within the rate and not remembered is asked of the user, who may tick "always"', () => {
    expect(decideSampling(base)).toEqual({ kind: 'ask', offerRemember: true, trustReasons: [] });
  });

  it('Sampling, "Security Considerations" (rate limiting): over the per-user per-server limit the request is refused before anything else, a remembered approval included', () => {
    expect(decideSampling({ ...base, withinRate: false })).toEqual({
      kind: 'refuse',
      reason: 'rate-limited',
    });
    expect(decideSampling({ ...base, withinRate: false, remembered: true })).toEqual({
      kind: 'refuse',
      reason: 'rate-limited',
    });
  });

  it('attribution: a request that cannot be tied to one tool call is refused, whatever else holds', () => {
    for (const remembered of [true, false])
      for (const withinRate of [true, false])
        expect(decideSampling({ ...base, attributed: false, remembered, withinRate })).toEqual({
          kind: 'refuse',
          reason: 'unattributed',
        });
  });

  it('Sampling, "human in the loop": a remembered approval for the server runs the request without asking', () => {
    expect(decideSampling({ ...base, remembered: true })).toEqual({ kind: 'run', via: 'remembered' });
  });

  it('SEP trust annotations: a remembered approval never stands in while the trust state marks the server untrusted; the user is asked and offered nothing to remember', () => {
    expect(decideSampling({ ...base, remembered: true, trustReasons: [UNTRUSTED] })).toEqual({
      kind: 'ask',
      offerRemember: false,
      trustReasons: [UNTRUSTED],
    });
    expect(decideSampling({ ...base, trustReasons: [UNTRUSTED] })).toMatchObject({ offerRemember: false });
  });

  it('every combination follows the precedence: attribution, rate, remembered-and-trusted, ask', () => {
    for (const attributed of [true, false])
      for (const withinRate of [true, false])
        for (const remembered of [true, false])
          for (const reasons of [[], [UNTRUSTED]]) {
            const verdict = decideSampling({ attributed, withinRate, remembered, trustReasons: reasons });
            const expected = !attributed
              ? 'refuse'
              : !withinRate
                ? 'refuse'
                : remembered && reasons.length === 0
                  ? 'run'
                  : 'ask';
            expect(verdict.kind, JSON.stringify({ attributed, withinRate, remembered, reasons })).toBe(
              expected,
            );
          }
  });
});

describe('SEP "Trust and Sensitivity Annotations": what the trust state says of a sampling server', () => {
  it('a server whose results brought open-world data into the conversation is untrusted; another server is not', () => {
    const state = propagate(EMPTY_TRUST_STATE, WEB, trust({ openWorld: true }));
    expect(samplingTrustReasons(state, 'web').map((r) => r.rule)).toEqual(['open-world-server']);
    expect(samplingTrustReasons(state, 'web')[0]?.text).toContain('web/fetch_page');
    expect(samplingTrustReasons(state, 'notes')).toEqual([]);
  });

  it('sensitive data alone does not mark a server untrusted (it is scrubbed from the answer, not a reason to ask)', () => {
    const state = propagate(EMPTY_TRUST_STATE, NOTES, trust({ sensitivity: ['pii'] }));
    expect(samplingTrustReasons(state, 'notes')).toEqual([]);
  });

  it('a pending malicious-activity flag keeps every server from running on a remembered approval', () => {
    const state = propagate(EMPTY_TRUST_STATE, WEB, trust({ malicious: true }));
    expect(samplingTrustReasons(state, 'notes').map((r) => r.rule)).toEqual(['malicious-activity']);
  });

  it('a state that cannot be read fails closed', () => {
    expect(samplingTrustReasons(failClosedTrustState('damaged'), 'notes').map((r) => r.rule)).toEqual([
      'unreadable-state',
    ]);
    expect(samplingTrustReasons(EMPTY_TRUST_STATE, 'notes')).toEqual([]);
  });
});

describe('the sampling row of the gate table is never a tool level', () => {
  it('it is not among GATE_LEVELS, isGate refuses it (host.config.json, a setting, a hint), and it has no rank', () => {
    for (const row of REQUEST_GATES) {
      expect(GATE_LEVELS as readonly string[]).not.toContain(row);
      expect(isGate(row)).toBe(false);
      expect('rank' in requestRow(row)).toBe(false);
    }
  });

  it('it waits for an approval, is editable and may be remembered (per server, by its own rule)', () => {
    expect(GATE_TABLE.sampling).toMatchObject({
      server: 'approval',
      browser: 'sampling',
      waits: true,
      editable: true,
      rememberable: true,
    });
    const names: GateRowName[] = [...GATE_LEVELS, ...REQUEST_GATES];
    expect(names.filter((g) => requestRow(g).browser === 'sampling')).toEqual(['sampling']);
  });
});
