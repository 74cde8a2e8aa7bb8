'use client';
import { type KeyboardEvent, useCallback, useRef, useState } from 'react';
import { matchesResource, type ResourceListItem } from '@/lib/mcplet/resources';
import { menuKeyDown } from './menu-list';
import { type ChosenResource, fetchResources } from './resource-requests';
import { type MenuListState, useMenuList } from './use-menu-list';

export type ResourceListState = MenuListState<ResourceListItem>;

const resourceList = () =>
  fetchResources().then(({ resources, problems }) => ({ items: resources, problems }));

export type TemplateItem = Extract<ResourceListItem, { kind: 'template' }>;

export interface ResourceMenu {
  open: boolean;
  list: ResourceListState;
  filter: string;
  filtered: ResourceListItem[];
  active: number;
  /** The template whose variables the small form asks for. */
  asking: TemplateItem | null;
  setActive(index: number): void;
  /** Opens the menu from the button: what is typed after the composer's current text filters it. */
  openAt(textLength: number): void;
  /** The composer's text changed: `@` typed at a word's start opens the menu; typing filters it. */
  textChanged(previous: string, next: string): void;
  keyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean;
  pick(item: ResourceListItem): void;
  /** Attaches a resource (a template's, once its variables are given) and closes the menu. */
  attach(resource: ChosenResource): void;
  close(): void;
}

/** The `@` that opened the menu, and where its filter starts in the composer's text. */
interface Anchor {
  at: number;
  byAt: boolean;
}

/**
 * The composer's resource picker (MCP resources): opened by its button or by `@` typed at the start
 * of a word, filtered by what is typed after it, walked with ArrowUp/ArrowDown, chosen with Enter,
 * closed with Escape. A resource is attached at once (`chosen` gets it, and `text` loses the typed
 * filter); a template opens the small form that asks for its variables.
 */
export function useResourceMenu(
  text: string,
  chosen: (resource: ChosenResource, keepText: string) => void,
): ResourceMenu {
  const [anchor, setAnchor] = useState<Anchor | null>(null);
  const [asking, setAsking] = useState<TemplateItem | null>(null);
  const chosenRef = useRef(chosen);
  chosenRef.current = chosen;

  const open = anchor !== null;
  const filter = anchor ? text.slice(anchor.at) : '';
  const { list, filtered, active, setActive, load, drop } = useMenuList(
    resourceList,
    matchesResource,
    filter,
  );

  const close = useCallback(() => {
    drop();
    setAnchor(null);
    setAsking(null);
  }, [drop]);

  const start = useCallback(
    (at: Anchor) => {
      setAnchor(at);
      setAsking(null);
      load();
    },
    [load],
  );

  const openAt = useCallback((textLength: number) => start({ at: textLength, byAt: false }), [start]);

  /** The composer's text without what was typed to find the resource (and its `@`). */
  const keepText = useCallback(
    () => (anchor ? text.slice(0, anchor.at - (anchor.byAt ? 1 : 0)) : text),
    [anchor, text],
  );

  const attach = useCallback(
    (resource: ChosenResource) => {
      const rest = keepText();
      close();
      chosenRef.current(resource, rest);
    },
    [close, keepText],
  );

  const pick = useCallback(
    (item: ResourceListItem) => {
      if (item.kind === 'template') setAsking(item);
      else
        attach({
          serverId: item.serverId,
          serverName: item.serverName,
          uri: item.uri,
          name: item.title ?? item.name,
        });
    },
    [attach],
  );

  const textChanged = useCallback(
    (previous: string, next: string) => {
      const typedAt = next.length === previous.length + 1 && next.startsWith(previous) && next.endsWith('@');
      if (!open && typedAt && (previous === '' || /\s$/.test(previous)))
        start({ at: next.length, byAt: true });
      else if (open && anchor && (next.length < anchor.at || /\n/.test(next.slice(anchor.at)))) close();
    },
    [open, anchor, start, close],
  );

  const keyDown = useCallback(
    (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
      if (!open || asking) return false;
      const count = filtered.length;
      return menuKeyDown(event, count, {
        close,
        move: (step) => setActive((index) => (index + step + count) % count),
        choose() {
          const item = filtered[Math.min(active, count - 1)];
          if (item) pick(item);
        },
      });
    },
    [open, asking, filtered, active, close, pick, setActive],
  );

  return {
    open,
    list,
    filter,
    filtered,
    active,
    asking,
    setActive,
    openAt,
    textChanged,
    keyDown,
    pick,
    attach,
    close,
  };
}
