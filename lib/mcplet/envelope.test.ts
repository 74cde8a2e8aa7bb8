import { describe, expect, it } from 'vitest';
import { errorEnvelope, isErrorCode, wrapCallResult } from './envelope';

const tool = { name: 'search', mcpletType: 'read' as const, visibility: ['model' as const] };
const now = new Date('2026-02-15T00:00:00.000Z');

describe('9.1 result envelope', () => {
  it('9.1: wraps a success with _meta timestamp, toolId, mcpletType and visibility', () => {
    expect(
      wrapCallResult(
        tool,
        { content: [{ type: 'text', text: 'hi' }], structuredContent: { items: [] } },
        now,
      ),
    ).toEqual({
      result: { items: [] },
      _meta: {
        timestamp: '2026-02-15T00:00:00.000Z',
        toolId: 'search',
        mcpletType: 'read',
        visibility: ['model'],
      },
    });
  });

  it('9.1: without structuredContent the result is the content', () => {
    const content = [{ type: 'text', text: 'hi' }];
    expect(wrapCallResult(tool, { content }, now)).toMatchObject({ result: content });
  });

  it('10.7: isError is the authority for an error', () => {
    expect(
      wrapCallResult(tool, { isError: true, content: [{ type: 'text', text: 'No such table' }] }, now),
    ).toMatchObject({
      error: { message: 'No such table', code: 'UNKNOWN_ERROR' },
    });
  });

  it('10.7: a body that looks like an error is still a success when isError is not set', () => {
    expect(
      wrapCallResult(tool, { structuredContent: { error: { code: 'AUTH_FAILED', message: 'x' } } }, now),
    ).toHaveProperty('result');
  });

  it('9.1: keeps a standard or X_ code the server gave, and refuses made-up ones', () => {
    const withCode = (code: unknown) =>
      wrapCallResult(tool, { isError: true, content: [], structuredContent: { error: { code } } }, now);
    expect(withCode('AUTH_REQUIRED')).toMatchObject({ error: { code: 'AUTH_REQUIRED' } });
    expect(withCode('X_TABLE_FULL')).toMatchObject({ error: { code: 'X_TABLE_FULL' } });
    expect(withCode('TOTALLY_FINE')).toMatchObject({ error: { code: 'UNKNOWN_ERROR' } });
    expect(withCode('x_lower')).toMatchObject({ error: { code: 'UNKNOWN_ERROR' } });
  });

  it('9.1: the error codes of the table and X_ extensions', () => {
    for (const code of [
      'AUTH_REQUIRED',
      'AUTH_FAILED',
      'VALIDATION_ERROR',
      'NOT_FOUND',
      'RATE_LIMITED',
      'SERVICE_UNAVAILABLE',
      'UNKNOWN_ERROR',
      'X_A',
    ]) {
      expect(isErrorCode(code)).toBe(true);
    }
    expect(isErrorCode('X_')).toBe(false);
    expect(isErrorCode('NOPE')).toBe(false);
  });

  it('builds error envelopes for host-side failures', () => {
    expect(errorEnvelope({ name: 'x' }, 'SERVICE_UNAVAILABLE', 'down', now)).toEqual({
      error: { message: 'down', code: 'SERVICE_UNAVAILABLE' },
      _meta: { timestamp: '2026-02-15T00:00:00.000Z', toolId: 'x' },
    });
  });
});
