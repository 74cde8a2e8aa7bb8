import { describe, expect, it } from 'vitest';
import {
  atLeast,
  filterLog,
  isLogLevel,
  LOG_FILTERS,
  LOG_LEVELS,
  type LogLevel,
  type LogSource,
  reachesHostLog,
} from './log-levels';

describe('MCP log levels (2025-11-25, server utilities, logging: RFC 5424 severities)', () => {
  it('orders the eight levels from debug to emergency', () => {
    expect(LOG_LEVELS).toEqual([
      'debug',
      'info',
      'notice',
      'warning',
      'error',
      'critical',
      'alert',
      'emergency',
    ]);
    for (const [i, level] of LOG_LEVELS.entries()) {
      for (const [j, other] of LOG_LEVELS.entries()) expect(atLeast(level, other)).toBe(i >= j);
    }
  });

  it('knows a level by its name only', () => {
    for (const level of LOG_LEVELS) expect(isLogLevel(level)).toBe(true);
    for (const other of ['warn', 'fatal', 'ERROR', '', 3, null, undefined])
      expect(isLogLevel(other)).toBe(false);
  });
});

describe("the preview's filter", () => {
  const entries = LOG_LEVELS.map((level) => ({ level }));
  const levelsShown = (filter: (typeof LOG_FILTERS)[number]['value']) =>
    filterLog(entries, filter).map((e) => e.level);

  it('offers all, and debug, info, warning and error and above', () => {
    expect(LOG_FILTERS.map((f) => f.value)).toEqual(['all', 'debug', 'info', 'warning', 'error']);
  });

  it('keeps a level and every more severe one, in their order', () => {
    expect(levelsShown('all')).toEqual(LOG_LEVELS);
    expect(levelsShown('debug')).toEqual(LOG_LEVELS);
    expect(levelsShown('info')).toEqual(LOG_LEVELS.slice(1));
    expect(levelsShown('warning')).toEqual(['warning', 'error', 'critical', 'alert', 'emergency']);
    expect(levelsShown('error')).toEqual(['error', 'critical', 'alert', 'emergency']);
  });

  it('keeps the order it is given (newest last)', () => {
    const mixed: Array<{ level: LogLevel; n: number }> = [
      { level: 'error', n: 1 },
      { level: 'debug', n: 2 },
      { level: 'critical', n: 3 },
      { level: 'warning', n: 4 },
    ];
    expect(filterLog(mixed, 'warning').map((e) => e.n)).toEqual([1, 3, 4]);
  });
});

describe("which entries reach the host's own log", () => {
  it("a server's log messages from warning up; nothing below", () => {
    expect(LOG_LEVELS.filter((level) => reachesHostLog({ level, source: 'server' }))).toEqual([
      'warning',
      'error',
      'critical',
      'alert',
      'emergency',
    ]);
  });

  it("never the host's own notes nor stderr, whatever their level", () => {
    for (const source of ['host', 'stderr'] as LogSource[])
      for (const level of LOG_LEVELS) expect(reachesHostLog({ level, source })).toBe(false);
  });
});
