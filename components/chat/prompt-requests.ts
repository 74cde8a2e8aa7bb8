'use client';
import type { PromptPartData } from '@/lib/chat/prompt-part';
import type { Completions, ListProblem, PromptListItem } from '@/lib/mcplet/prompts';

/** A server whose prompts could not be listed, and why (GET /api/prompts). */
export type PromptProblem = ListProblem;

/** A prompt the user chose, its messages as the text the composer holds. */
export type ChosenPrompt = Required<Pick<PromptPartData, 'serverId' | 'serverName' | 'name' | 'text'>> &
  Pick<PromptPartData, 'title'>;

/** The host's JSON answer of a composer menu's route, or its error sentence thrown. */
export async function answer<T>(response: Response): Promise<T> {
  // The host's own JSON answer, of the route's documented shape (lib/mcp/prompts-api.ts, resources-api.ts).
  const body = (await response.json().catch(() => null)) as (T & { error?: unknown }) | null;
  if (!response.ok || body === null)
    throw new Error(
      typeof body?.error === 'string' ? body.error : `The host answered ${response.status}. Try again.`,
    );
  return body;
}

function post(path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  return fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
}

/** Every prompt of the user's servers (GET /api/prompts). */
export async function fetchPrompts(): Promise<{ prompts: PromptListItem[]; problems: PromptProblem[] }> {
  return answer(await fetch('/api/prompts', { cache: 'no-store' }));
}

/** A prompt's messages as text, for the given arguments (POST /api/prompts/get). */
export async function fetchPrompt(item: PromptListItem, args: Record<string, string>): Promise<ChosenPrompt> {
  const got = await answer<{
    serverId: string;
    serverName: string;
    name: string;
    title?: string;
    text: string;
  }>(await post('/api/prompts/get', { serverId: item.serverId, name: item.name, arguments: args }));
  return {
    serverId: got.serverId,
    serverName: got.serverName,
    name: got.name,
    ...(got.title ? { title: got.title } : {}),
    text: got.text,
  };
}

/** The server's suggestions for one argument (POST /api/prompts/complete, MCP completion/complete). */
export async function fetchCompletions(
  item: PromptListItem,
  argument: { name: string; value: string },
  others: Record<string, string>,
  signal: AbortSignal,
): Promise<Completions> {
  return answer(
    await post(
      '/api/prompts/complete',
      { serverId: item.serverId, name: item.name, argument, context: { arguments: others } },
      signal,
    ),
  );
}
