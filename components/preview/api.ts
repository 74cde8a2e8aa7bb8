import type { ServerView } from '@/lib/mcp/snapshot';
import type { CallSurface, Decision } from '@/lib/mcplet/policy';

export type { CallSurface, Decision, ServerView };

export async function errorOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: string };
    return body.error ?? `HTTP ${response.status}`;
  } catch {
    return `HTTP ${response.status}`;
  }
}

export async function fetchServers(): Promise<ServerView[]> {
  const response = await fetch('/api/servers', { cache: 'no-store' });
  if (!response.ok) throw new Error(await errorOf(response));
  return ((await response.json()) as { servers: ServerView[] }).servers;
}

export async function postJson<T>(
  url: string,
  body: unknown,
): Promise<{ ok: true; value: T } | { ok: false; error: string }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) return { ok: false, error: await errorOf(response) };
    return { ok: true, value: (await response.json()) as T };
  } catch {
    return { ok: false, error: 'The host could not be reached.' };
  }
}
