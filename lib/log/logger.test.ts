import { describe, expect, it } from 'vitest';
import { formatLog, logsAsJson } from './logger';
import { withRequestContext } from './request-context';

const now = new Date('2026-11-25T10:00:00Z');

describe('structured logs', () => {
  it('writes one JSON object per line with the request id and user of the request it ran in', () => {
    const request = new Request('http://host/api/chat', { headers: { 'x-request-id': 'req-123' } });
    const line = withRequestContext(request, 'u1', () =>
      formatLog('error', '[chat] model call failed', { error: new Error('HTTP 500') }, { json: true, now }),
    );
    expect(line).not.toContain('\n');
    expect(JSON.parse(line)).toEqual({
      time: '2026-11-25T10:00:00.000Z',
      level: 'error',
      msg: '[chat] model call failed',
      requestId: 'req-123',
      userId: 'u1',
      error: 'HTTP 500',
    });
  });

  it('outside a request, and as text for a terminal', () => {
    expect(JSON.parse(formatLog('warn', 'w', {}, { json: true, now }))).toEqual({
      time: '2026-11-25T10:00:00.000Z',
      level: 'warn',
      msg: 'w',
    });
    expect(formatLog('error', '[pins] could not store a pin:', { error: new Error('gone') })).toBe(
      '[pins] could not store a pin: gone',
    );
  });

  it('is JSON in hosted mode unless told otherwise, and on request in local mode', () => {
    expect(logsAsJson({})).toBe(false);
    expect(logsAsJson({ LOG_FORMAT: 'json' })).toBe(true);
    expect(logsAsJson({ AUTH_MODE: 'passkey' })).toBe(true);
    expect(logsAsJson({ AUTH_MODE: 'passkey', LOG_FORMAT: 'text' })).toBe(false);
  });
});
