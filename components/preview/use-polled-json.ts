'use client';
import { useEffect, useState } from 'react';
import { errorOf } from './api';

/**
 * GETs `url` now and every `everyMs`, keeping the latest body or the error that stopped it; `null`:
 * paused (nothing is read until it is a number again, the last body kept).
 */
export function usePolledJson<T>(url: string, everyMs: number | null, failure: string) {
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (everyMs === null) return;
    let live = true;
    const load = async () => {
      try {
        const response = await fetch(url, { cache: 'no-store' });
        if (!response.ok) throw new Error(await errorOf(response));
        const body = (await response.json()) as T;
        if (!live) return;
        setValue(body);
        setError(null);
      } catch (e) {
        if (live) setError(e instanceof Error ? e.message : failure);
      }
    };
    void load();
    const poll = setInterval(() => void load(), everyMs);
    return () => {
      live = false;
      clearInterval(poll);
    };
  }, [url, everyMs, failure]);
  return { value, error };
}
