'use client';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { matchesFilter, type PromptListItem } from '@/lib/mcplet/prompts';
import { type ChosenPrompt, fetchPrompt, fetchPrompts, type PromptProblem } from './prompt-requests';

export type PromptListState =
  | { status: 'loading' }
  | { status: 'ready'; items: PromptListItem[]; problems: PromptProblem[] }
  | { status: 'error'; error: string };

export interface SlashMenu {
  open: boolean;
  list: PromptListState;
  /** The prompts the typed filter keeps. */
  filtered: PromptListItem[];
  active: number;
  /** The prompt whose arguments the form asks for. */
  asking: PromptListItem | null;
  /** A prompt without arguments being fetched, or why that failed. */
  getting: { item: PromptListItem; error?: string } | null;
  setActive(index: number): void;
  /** The composer's text changed from `previous` to `next`: `/` typed into an empty composer opens the menu. */
  textChanged(previous: string, next: string): void;
  /** The composer's keys while the menu is open; true when the menu took the key. */
  keyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean;
  pick(item: PromptListItem): void;
  close(): void;
}

/**
 * The composer's `/` menu (MCP prompts as slash commands): opened by `/` at the start of an empty
 * composer, filtered by what follows it, walked with ArrowUp/ArrowDown, chosen with Enter, closed with
 * Escape (the text stays). A prompt without arguments is fetched at once; one with arguments opens
 * the arguments form. `chosen` gets the prompt's text.
 */
export function useSlashMenu(text: string, chosen: (prompt: ChosenPrompt) => void): SlashMenu {
  const [open, setOpen] = useState(false);
  const [list, setList] = useState<PromptListState>({ status: 'loading' });
  const [active, setActive] = useState(0);
  const [asking, setAsking] = useState<PromptListItem | null>(null);
  const [getting, setGetting] = useState<SlashMenu['getting']>(null);
  const opened = useRef(0);
  const chosenRef = useRef(chosen);
  chosenRef.current = chosen;

  const filter = text.startsWith('/') ? text.slice(1) : '';
  const filtered = useMemo(
    () => (list.status === 'ready' ? list.items.filter((item) => matchesFilter(item, filter)) : []),
    [list, filter],
  );

  // A new filter starts at the first match.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the filter changes
  useEffect(() => setActive(0), [filter]);

  const close = useCallback(() => {
    opened.current++;
    setOpen(false);
    setAsking(null);
    setGetting(null);
  }, []);

  const openMenu = useCallback(() => {
    const run = ++opened.current;
    setOpen(true);
    setActive(0);
    setAsking(null);
    setGetting(null);
    setList({ status: 'loading' });
    fetchPrompts().then(
      (answer) => {
        if (opened.current === run)
          setList({ status: 'ready', items: answer.prompts, problems: answer.problems });
      },
      (error: unknown) => {
        if (opened.current === run)
          setList({ status: 'error', error: error instanceof Error ? error.message : String(error) });
      },
    );
  }, []);

  const pick = useCallback(
    (item: PromptListItem) => {
      if (item.arguments.length > 0) {
        setAsking(item);
        return;
      }
      const run = opened.current;
      setGetting({ item });
      fetchPrompt(item, {}).then(
        (prompt) => {
          if (opened.current !== run) return;
          close();
          chosenRef.current(prompt);
        },
        (error: unknown) => {
          if (opened.current === run)
            setGetting({ item, error: error instanceof Error ? error.message : String(error) });
        },
      );
    },
    [close],
  );

  const textChanged = useCallback(
    (previous: string, next: string) => {
      if (!open && previous === '' && next === '/') openMenu();
      else if (open && !next.startsWith('/')) close();
    },
    [open, openMenu, close],
  );

  const keyDown = useCallback(
    (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
      if (!open || asking || event.nativeEvent.isComposing) return false;
      const count = filtered.length;
      if (event.key === 'Escape') {
        close();
        return true;
      }
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        if (count > 0) setActive((index) => (index + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
        return true;
      }
      if (event.key === 'Enter' && !event.shiftKey) {
        // Enter never sends "/…" while the menu is open: Escape first to send it as text.
        const item = filtered[Math.min(active, count - 1)];
        if (item && !(getting && !getting.error)) pick(item);
        return true;
      }
      return false;
    },
    [open, asking, filtered, active, getting, close, pick],
  );

  return { open, list, filtered, active, asking, getting, setActive, textChanged, keyDown, pick, close };
}
