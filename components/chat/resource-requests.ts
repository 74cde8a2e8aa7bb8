'use client';
import type { Completions, ListProblem } from '@/lib/mcplet/prompts';
import type { ResourceListItem } from '@/lib/mcplet/resources';
import { answer } from './prompt-requests';

/** A server whose resources could not be listed, and why (GET /api/resources). */
export type ResourceProblem = ListProblem;

/** A resource the user chose to attach: the host reads it when the message is sent. */
export interface ChosenResource {
  serverId: string;
  serverName: string;
  uri: string;
  name: string;
}

/** Every resource and template of the user's servers (GET /api/resources). */
export async function fetchResources(): Promise<{
  resources: ResourceListItem[];
  problems: ResourceProblem[];
}> {
  return answer(await fetch('/api/resources', { cache: 'no-store' }));
}

/** The server's suggestions for a template's variable (POST /api/resources/complete, `ref/resource`). */
export async function fetchResourceCompletions(
  item: Extract<ResourceListItem, { kind: 'template' }>,
  argument: { name: string; value: string },
  others: Record<string, string>,
  signal: AbortSignal,
): Promise<Completions> {
  return answer(
    await fetch('/api/resources/complete', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        serverId: item.serverId,
        uriTemplate: item.uriTemplate,
        argument,
        context: { arguments: others },
      }),
      signal,
    }),
  );
}
