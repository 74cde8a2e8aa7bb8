'use client';
import { useCallback, useEffect, useState } from 'react';
import { errorOf } from './api';

/**
 * One server's items of a list the host serves for all the user's servers (`/api/prompts`,
 * `/api/resources`: `{ [field]: T[], problems: [{ serverId, error }] }`), loaded on mount and again
 * on `load`.
 */
export function useServerListing<T extends { serverId: string }>(
  url: string,
  field: string,
  serverId: string,
): { items: T[] | null; problem: string | null; load: () => Promise<void> } {
  const [items, setItems] = useState<T[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      const response = await fetch(url, { cache: 'no-store' });
      if (!response.ok) return setProblem(await errorOf(response));
      const body = (await response.json()) as Record<string, unknown> & {
        problems?: Array<{ serverId: string; error: string }>;
      };
      const listed = Array.isArray(body[field]) ? (body[field] as T[]) : [];
      setItems(listed.filter((item) => item.serverId === serverId));
      setProblem(body.problems?.find((p) => p.serverId === serverId)?.error ?? null);
    } catch {
      setProblem('The host could not be reached.');
    }
  }, [url, field, serverId]);
  useEffect(() => {
    void load();
  }, [load]);
  return { items, problem, load };
}
