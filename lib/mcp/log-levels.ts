/**
 * The rules of a server's log that the preview shares with the host (no I/O, browser-safe): MCP's
 * log levels in their order, what each entry of a server's log holds, and which entries a filter or
 * the host's own log keeps. The levels are RFC 5424's, as MCP names them (2025-11-25, server
 * utilities, logging: "Log Levels").
 */

/** Least to most severe. */
export const LOG_LEVELS = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
] as const;

export type LogLevel = (typeof LOG_LEVELS)[number];

export function isLogLevel(value: unknown): value is LogLevel {
  return typeof value === 'string' && (LOG_LEVELS as readonly string[]).includes(value);
}

/** Whether `level` is `least` or more severe. */
export function atLeast(level: LogLevel, least: LogLevel): boolean {
  return LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(least);
}

/**
 * Where an entry came from: the host's own note about the server, a `notifications/message` the
 * server sent, or a line a stdio server wrote to its stderr.
 */
export type LogSource = 'host' | 'server' | 'stderr';

export interface ServerLogEntry {
  /** Counts up from 1 in each server's log: the entry's key. */
  seq: number;
  at: number;
  level: LogLevel;
  source: LogSource;
  /** The server's `logger` of a `notifications/message`, masked. */
  logger?: string;
  /** Masked, one entry's text at most `MESSAGE_MAX` characters (the server's `data` as compact JSON). */
  message: string;
}

/** Server messages this severe also go to the host's own log (one line each). */
export const HOST_LOG_LEAST: LogLevel = 'warning';

export function reachesHostLog(entry: Pick<ServerLogEntry, 'level' | 'source'>): boolean {
  return entry.source === 'server' && atLeast(entry.level, HOST_LOG_LEAST);
}

/** The preview's filter: every entry, or those of one level and above. */
export type LogFilter = 'all' | 'debug' | 'info' | 'warning' | 'error';

export const LOG_FILTERS: ReadonlyArray<{ value: LogFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'debug', label: 'Debug and above' },
  { value: 'info', label: 'Info and above' },
  { value: 'warning', label: 'Warning and above' },
  { value: 'error', label: 'Error and above' },
];

export function filterLog<E extends Pick<ServerLogEntry, 'level'>>(
  entries: readonly E[],
  filter: LogFilter,
): E[] {
  return filter === 'all' ? [...entries] : entries.filter((entry) => atLeast(entry.level, filter));
}

/**
 * What the preview may do about a server's log level. `logging/setLevel` exists in the 2025-era
 * revisions for servers that declare the `logging` capability; 2026-07-28 removed it (a request
 * carries its level in `_meta` instead, SEP-2575), so there the control is absent and `reason` says why.
 */
export type LogLevelControl =
  | {
      settable: true;
      /** The level last set, or null: the server chooses (2025-11-25). */
      level: LogLevel | null;
    }
  | {
      settable: false;
      why: 'not-connected' | 'modern' | 'not-offered';
      reason: string;
      level: LogLevel | null;
    };
