'use client';
import { useEffect, useState } from 'react';
import type { ResourcePartData } from '@/lib/chat/resource-part';

/** How often a subscribed attachment asks whether its server said it changed. */
const POLL_MS = 3_000;

/**
 * Whether an attached resource changed since the host read it: asked of the host
 * (POST /api/resources/changes) while the chip is shown, for a resource the host subscribed to
 * (`watched`); once it changed, no more is asked.
 */
export function useResourceChanged(
  data: Pick<ResourcePartData, 'serverId' | 'uri' | 'readAt' | 'watched'>,
): boolean {
  const [changed, setChanged] = useState(false);
  const { serverId, uri, readAt, watched } = data;
  useEffect(() => {
    if (!watched || readAt === undefined || changed) return;
    let stopped = false;
    const ask = async () => {
      const response = await fetch('/api/resources/changes', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ items: [{ serverId, uri, since: readAt }] }),
      }).catch(() => null);
      // The host's own JSON answer (lib/mcp/resources-api.ts resourceChanges).
      const body = response?.ok
        ? ((await response.json().catch(() => null)) as { changed?: boolean[] } | null)
        : null;
      if (!stopped && body?.changed?.[0] === true) setChanged(true);
    };
    const timer = setInterval(() => void ask(), POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [serverId, uri, readAt, watched, changed]);
  return changed;
}
