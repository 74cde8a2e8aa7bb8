import { describe, expect, it } from 'vitest';
import { consume, expire, offer, type PendingTable } from './derived-pending';
import {
  type DerivedContext,
  derivedLimits,
  type SchemaCheck,
  validateDerivedResult,
} from './derived-result';

const schema: SchemaCheck = {
  uri: 'mcplet://tool-result-schema/search_restaurants',
  validate: (v) => Array.isArray((v as { results?: unknown }).results),
  errors: () => '(root): missing required property "results"',
};

function context(over: Partial<DerivedContext> = {}): DerivedContext {
  return {
    limits: derivedLimits({ allowlist: ['restaurant__search_restaurants'] }),
    target: (id) =>
      id === 'restaurant__search_restaurants'
        ? { mcpletType: 'read', schema }
        : id === 'restaurant__get_restaurant'
          ? { mcpletType: 'read' }
          : id === 'restaurant__create_reservation'
            ? { mcpletType: 'action', schema }
            : undefined,
    lastRevision: () => undefined,
    withinRate: () => true,
    now: 1_000_000,
    ...over,
  };
}

const ok = { toolId: 'restaurant__search_restaurants', result: { results: [] } };

describe('10.4 validation before a derived result is pending', () => {
  it('10.4: accepts a schema-valid result for an allowlisted tool, with a TTL of at most 30 s', () => {
    const verdict = validateDerivedResult({ ...ok, revision: 1, ttlSeconds: 10 }, context());
    expect(verdict).toMatchObject({
      ok: true,
      accepted: { toolId: ok.toolId, revision: 1, expiresAt: 1_010_000, schemaUri: schema.uri },
    });
    expect(validateDerivedResult(ok, context())).toMatchObject({
      ok: true,
      accepted: { expiresAt: 1_030_000 },
    });
  });

  it('10.4: refuses a tool that is not on the allowlist from host configuration', () => {
    expect(
      validateDerivedResult({ ...ok, toolId: 'restaurant__create_reservation' }, context()),
    ).toMatchObject({
      ok: false,
      code: 'X_NOT_ALLOWLISTED',
      message: expect.stringContaining('Allowed: restaurant__search_restaurants'),
    });
  });

  it('10.4: an allowlisted target that is not connected right now is refused as NOT_FOUND', () => {
    const limits = derivedLimits({ allowlist: ['gone__search'] });
    expect(validateDerivedResult({ ...ok, toolId: 'gone__search' }, context({ limits }))).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
  });

  it('16.1: an action tool never receives a derived result, even when allowlisted', () => {
    const limits = derivedLimits({ allowlist: ['restaurant__create_reservation'] });
    expect(
      validateDerivedResult({ ...ok, toolId: 'restaurant__create_reservation' }, context({ limits })),
    ).toMatchObject({ ok: false, code: 'X_ACTION_TARGET' });
  });

  it('10.4: refuses an allowlisted tool without a usable result schema', () => {
    const limits = derivedLimits({ allowlist: ['restaurant__get_restaurant'] });
    expect(
      validateDerivedResult({ ...ok, toolId: 'restaurant__get_restaurant' }, context({ limits })),
    ).toMatchObject({
      ok: false,
      code: 'X_NO_SCHEMA',
    });
  });

  it('10.4: refuses a result that does not match the schema, naming the problem', () => {
    expect(validateDerivedResult({ ...ok, result: { restaurants: [] } }, context())).toMatchObject({
      ok: false,
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('missing required property "results"'),
    });
    expect(validateDerivedResult({ ...ok, result: [1, 2] }, context())).toMatchObject({
      ok: false,
      code: 'VALIDATION_ERROR',
    });
  });

  it('10.4: refuses 1 MB + 1 byte and accepts exactly 1 MB', () => {
    const padding = (bytes: number) => 'x'.repeat(bytes - JSON.stringify({ results: [], pad: '' }).length);
    const exact = { results: [], pad: padding(1_048_576) };
    expect(JSON.stringify(exact).length).toBe(1_048_576);
    expect(validateDerivedResult({ ...ok, result: exact }, context())).toMatchObject({
      ok: true,
      accepted: { bytes: 1_048_576 },
    });
    const over = { results: [], pad: padding(1_048_577) };
    expect(validateDerivedResult({ ...ok, result: over }, context())).toMatchObject({
      ok: false,
      code: 'X_PAYLOAD_TOO_LARGE',
    });
  });

  it('10.4: a configured payload limit applies, but never above 1 MB', () => {
    const limits = derivedLimits({ allowlist: [ok.toolId], maxBytes: 100 });
    expect(
      validateDerivedResult({ ...ok, result: { results: [], pad: 'x'.repeat(100) } }, context({ limits })),
    ).toMatchObject({
      code: 'X_PAYLOAD_TOO_LARGE',
    });
    expect(derivedLimits({ allowlist: [], maxBytes: 5_000_000 }).maxBytes).toBe(1_048_576);
  });

  it('10.4: refuses a TTL of 31 s (documented: refused, not clamped) and nonsense TTLs', () => {
    expect(validateDerivedResult({ ...ok, ttlSeconds: 31 }, context())).toMatchObject({
      ok: false,
      code: 'X_TTL_TOO_LONG',
    });
    expect(validateDerivedResult({ ...ok, ttlSeconds: 30 }, context())).toMatchObject({ ok: true });
    expect(validateDerivedResult({ ...ok, ttlSeconds: 0 }, context())).toMatchObject({
      ok: false,
      code: 'X_TTL_INVALID',
    });
    expect(derivedLimits({ allowlist: [], maxTtlSeconds: 120 }).maxTtlSeconds).toBe(30);
  });

  it('10.4: refuses a replayed revision and a regression; accepts a strictly greater one', () => {
    const last = context({ lastRevision: () => 5 });
    expect(validateDerivedResult({ ...ok, revision: 5 }, last)).toMatchObject({
      ok: false,
      code: 'X_REVISION_NOT_INCREASING',
    });
    expect(validateDerivedResult({ ...ok, revision: 3 }, last)).toMatchObject({
      ok: false,
      code: 'X_REVISION_NOT_INCREASING',
    });
    expect(validateDerivedResult({ ...ok, revision: 6 }, last)).toMatchObject({ ok: true });
    expect(validateDerivedResult({ ...ok, revision: 1.5 }, context())).toMatchObject({
      ok: false,
      code: 'X_REVISION_INVALID',
    });
  });

  it('16.5: refuses when the conversation is over its rate limit', () => {
    expect(validateDerivedResult(ok, context({ withinRate: () => false }))).toMatchObject({
      ok: false,
      code: 'RATE_LIMITED',
    });
  });
});

describe('10.6 consumption semantics', () => {
  const item = (id: string, over: Partial<Parameters<typeof offer>[1]> = {}) => ({
    id,
    toolId: 't',
    result: { results: [] },
    bytes: 10,
    timestamp: 'now',
    expiresAt: 2_000,
    ...over,
  });

  it('10.6: a derived result is consumed once; a second consume gets nothing', () => {
    const held = offer({}, item('a'), 1_000).table;
    const first = consume(held, 't', 1_500);
    expect(first.taken?.id).toBe('a');
    const second = consume(first.table, 't', 1_600);
    expect(second).toMatchObject({ taken: null, reason: 'consumed' });
  });

  it('10.6: a result that expires while pending is discarded, never handed out', () => {
    const held = offer({}, item('a'), 1_000).table;
    const swept = expire(held, 2_000);
    expect(swept.expired.map((e) => e.id)).toEqual(['a']);
    expect(consume(swept.table, 't', 2_000)).toMatchObject({ taken: null, reason: 'expired' });
    expect(consume(held, 't', 2_001)).toMatchObject({ taken: null, reason: 'expired' });
  });

  it('10.6: a duplicate is not held again (the view does not re-render); a newer result replaces the old one', () => {
    let table: PendingTable = offer({}, item('a', { revision: 1 }), 1_000).table;
    expect(offer(table, item('a', { revision: 1 }), 1_100)).toMatchObject({
      accepted: false,
      reason: 'duplicate',
    });
    expect(offer(table, item('b', { revision: 1 }), 1_100)).toMatchObject({
      accepted: false,
      reason: 'duplicate',
    });
    table = offer(table, item('c', { revision: 2 }), 1_100).table;
    expect(consume(table, 't', 1_200).taken?.id).toBe('c');
  });

  it('10.6: an already expired result is not held at all', () => {
    expect(offer({}, item('a', { expiresAt: 900 }), 1_000)).toMatchObject({
      accepted: false,
      reason: 'expired',
    });
  });
});
