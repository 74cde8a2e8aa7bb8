'use client';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ListProblem } from '@/lib/mcplet/prompts';

export type MenuListState<T> =
  | { status: 'loading' }
  | { status: 'ready'; items: T[]; problems: ListProblem[] }
  | { status: 'error'; error: string };

/**
 * What a composer menu's list does (the `/` prompts menu, the resource picker): fetched each time
 * the menu opens, an answer for an earlier opening dropped, filtered by what is typed, the active
 * option back at the first match when the filter changes. `run()` names the current opening, so an
 * answer fetched for it can tell whether the menu still is that opening (`current(run)`).
 */
export function useMenuList<T>(
  fetchList: () => Promise<{ items: T[]; problems: ListProblem[] }>,
  matches: (item: T, filter: string) => boolean,
  filter: string,
) {
  const [list, setList] = useState<MenuListState<T>>({ status: 'loading' });
  const [active, setActive] = useState(0);
  const opened = useRef(0);
  const fetchRef = useRef(fetchList);
  fetchRef.current = fetchList;

  const filtered = useMemo(
    () => (list.status === 'ready' ? list.items.filter((item) => matches(item, filter)) : []),
    [list, filter, matches],
  );

  // A new filter starts at the first match.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the filter changes
  useEffect(() => setActive(0), [filter]);

  /** The menu opened: its list is fetched anew. */
  const load = useCallback(() => {
    const run = ++opened.current;
    setActive(0);
    setList({ status: 'loading' });
    fetchRef.current().then(
      (answer) => {
        if (opened.current === run) setList({ status: 'ready', ...answer });
      },
      (error: unknown) => {
        if (opened.current === run)
          setList({ status: 'error', error: error instanceof Error ? error.message : String(error) });
      },
    );
  }, []);

  /** The menu closed: what is still being fetched for it is dropped. */
  const drop = useCallback(() => {
    opened.current++;
  }, []);

  const run = useCallback(() => opened.current, []);
  const current = useCallback((asked: number) => opened.current === asked, []);

  return { list, filtered, active, setActive, load, drop, run, current };
}
