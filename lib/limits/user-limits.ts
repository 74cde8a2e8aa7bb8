import 'server-only';
import { type DeploymentMode, deploymentMode } from '../config/deployment';
import { hostConfig } from '../config/load';
import { jsonError } from '../http/json';
import { rateStore } from './rate-store';

export type LimitKind = 'chat-turn' | 'tool-call';

const WINDOW_MS = 60_000;

const WORDS: Record<LimitKind, string> = { 'chat-turn': 'chat turns', 'tool-call': 'tool calls' };

/**
 * Per-user limits in hosted mode (`limits` in host.config.json), shared by every
 * instance through the rate store. Null when the request may go on; otherwise the 429 to answer,
 * with Retry-After in seconds.
 */
export async function overUserLimit(
  kind: LimitKind,
  userId: string,
  mode: DeploymentMode = deploymentMode(),
  now = Date.now(),
): Promise<Response | null> {
  if (mode !== 'hosted') return null;
  const { chatTurnsPerMinute, toolCallsPerMinute } = hostConfig().limits;
  const limit = kind === 'chat-turn' ? chatTurnsPerMinute : toolCallsPerMinute;
  const taken = await rateStore().take(`${kind}:${userId}`, limit, WINDOW_MS, now);
  if (taken.ok) return null;
  const seconds = Math.ceil(taken.retryAfterMs / 1000);
  const response = jsonError(
    429,
    `Too many ${WORDS[kind]}: at most ${limit} a minute. Try again in ${seconds} s.`,
    { retryAfterSeconds: seconds },
  );
  response.headers.set('retry-after', String(seconds));
  return response;
}
