'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useCallsInFlight } from '@/lib/store/calls-in-flight';

const POLL_MS = { calling: 500, idle: 5_000 };

/**
 * What servers ask the user during their tool calls (elicitations, sampling requests), read from
 * `url` (`{ prompts: T[] }`). Not as a call starts (it has asked nothing yet, and its turn is
 * busy): on mount, every 500 ms while calls run (5 s otherwise), and when they end only to take
 * down what the ended calls asked (a view's boot is under way then, and nothing shown means
 * nothing to take down).
 */
export function useCallPrompts<T>(url: string): { prompts: T[]; refresh: () => Promise<void> } {
  const [prompts, setPrompts] = useState<T[]>([]);
  const refresh = useCallback(async () => {
    const response = await fetch(url, { cache: 'no-store' }).catch(() => null);
    if (!response?.ok) return;
    const body = (await response.json()) as { prompts: T[] };
    setPrompts(body.prompts);
  }, [url]);

  const calling = useCallsInFlight((s) => s.count > 0);
  const mounted = useRef(false);
  const showing = useRef(false);
  showing.current = prompts.length > 0;
  useEffect(() => {
    if (!mounted.current || (!calling && showing.current)) void refresh();
    mounted.current = true;
    const timer = setInterval(() => void refresh(), calling ? POLL_MS.calling : POLL_MS.idle);
    return () => clearInterval(timer);
  }, [refresh, calling]);
  return { prompts, refresh };
}
