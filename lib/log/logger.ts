import 'server-only';
import { deploymentMode } from '../config/deployment';
import { requestContext } from './request-context';

export type LogLevel = 'info' | 'warn' | 'error';

type Fields = Record<string, unknown>;

function loggable(value: unknown): unknown {
  if (value instanceof Error) return value.message;
  return value;
}

/**
 * One JSON object per line in hosted mode (or with LOG_FORMAT=json): time, level,
 * message, the request id and user of the request it happened in, and the fields given. Plain text
 * otherwise, as a developer reads it in a terminal.
 */
export function formatLog(
  level: LogLevel,
  message: string,
  fields: Fields = {},
  options: { json: boolean; now?: Date } = { json: false },
): string {
  const context = requestContext();
  const clean = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, loggable(v)]));
  if (!options.json) {
    const extra = Object.values(clean).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
    return [message, ...extra].join(' ');
  }
  return JSON.stringify({
    time: (options.now ?? new Date()).toISOString(),
    level,
    msg: message,
    ...(context?.requestId ? { requestId: context.requestId } : {}),
    ...(context?.userId ? { userId: context.userId } : {}),
    ...clean,
  });
}

export function logsAsJson(env: Record<string, string | undefined> = process.env): boolean {
  return env.LOG_FORMAT === 'json' || (env.LOG_FORMAT !== 'text' && deploymentMode(env) === 'hosted');
}

export function log(level: LogLevel, message: string, fields?: Fields): void {
  const line = formatLog(level, message, fields, { json: logsAsJson() });
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
}
