import { describe, expect, it } from 'vitest';
import { callBinding, canonicalJson } from './canonical';

describe('canonical JSON for call binding', () => {
  it('sorts keys at every depth and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: undefined }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[3,{"z":1}]},"b":1}',
    );
  });

  it('is the same for the same call whatever the key order, and differs when anything changes', () => {
    const a = callBinding('restaurant', 'create_reservation', { partySize: 2, date: '2026-12-01' });
    const b = callBinding('restaurant', 'create_reservation', { date: '2026-12-01', partySize: 2 });
    expect(a).toBe(b);
    expect(callBinding('restaurant', 'create_reservation', { date: '2026-12-01', partySize: 3 })).not.toBe(a);
    expect(callBinding('other', 'create_reservation', { date: '2026-12-01', partySize: 2 })).not.toBe(a);
    expect(callBinding('restaurant', 'create_reservation', { date: '2026-12-01', partySize: '2' })).not.toBe(
      a,
    );
  });

  it('handles primitives, null and non-finite numbers', () => {
    expect(canonicalJson(null)).toBe('null');
    expect(canonicalJson('x')).toBe('"x"');
    expect(canonicalJson([undefined, Number.NaN])).toBe('[null,null]');
  });
});
