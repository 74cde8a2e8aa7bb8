'use client';
import { type KeyboardEvent, useCallback, useRef, useState } from 'react';
import { matchesFilter, type PromptListItem } from '@/lib/mcplet/prompts';
import { menuKeyDown } from './menu-list';
import { type ChosenPrompt, fetchPrompt, fetchPrompts } from './prompt-requests';
import { type MenuListState, useMenuList } from './use-menu-list';

export type PromptListState = MenuListState<PromptListItem>;

const promptList = () => fetchPrompts().then(({ prompts, problems }) => ({ items: prompts, problems }));

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
  const [asking, setAsking] = useState<PromptListItem | null>(null);
  const [getting, setGetting] = useState<SlashMenu['getting']>(null);
  const chosenRef = useRef(chosen);
  chosenRef.current = chosen;

  const filter = text.startsWith('/') ? text.slice(1) : '';
  const { list, filtered, active, setActive, load, drop, run, current } = useMenuList(
    promptList,
    matchesFilter,
    filter,
  );

  const close = useCallback(() => {
    drop();
    setOpen(false);
    setAsking(null);
    setGetting(null);
  }, [drop]);

  const openMenu = useCallback(() => {
    setOpen(true);
    setAsking(null);
    setGetting(null);
    load();
  }, [load]);

  const pick = useCallback(
    (item: PromptListItem) => {
      if (item.arguments.length > 0) {
        setAsking(item);
        return;
      }
      const asked = run();
      setGetting({ item });
      fetchPrompt(item, {}).then(
        (prompt) => {
          if (!current(asked)) return;
          close();
          chosenRef.current(prompt);
        },
        (error: unknown) => {
          if (current(asked))
            setGetting({ item, error: error instanceof Error ? error.message : String(error) });
        },
      );
    },
    [close, run, current],
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
      if (!open || asking) return false;
      const count = filtered.length;
      return menuKeyDown(event, count, {
        close,
        move: (step) => setActive((index) => (index + step + count) % count),
        choose() {
          // Enter never sends "/…" while the menu is open: Escape first to send it as text.
          const item = filtered[Math.min(active, count - 1)];
          if (item && !(getting && !getting.error)) pick(item);
        },
      });
    },
    [open, asking, filtered, active, getting, close, pick, setActive],
  );

  return { open, list, filtered, active, asking, getting, setActive, textChanged, keyDown, pick, close };
}
