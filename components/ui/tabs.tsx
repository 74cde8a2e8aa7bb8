'use client';
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';

/** One tab: adding a tab is adding one of these to the list a `Tabs` is given. */
export interface TabSpec {
  id: string;
  label: ReactNode;
  /**
   * Rendered from the first time the tab is selected, then kept (hidden while another is), so what a
   * panel holds (a half-filled form) survives a switch; `active` tells a polling panel to pause.
   */
  panel: (active: boolean) => ReactNode;
}

/** The key that moves the selection, and where to: the WAI-ARIA tabs pattern, automatic activation. */
function moved(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * Tabs (role tablist/tab/tabpanel): one tab in the page's tab order, arrows (and Home/End) move
 * between tabs and select the one reached, the panel is labelled by its tab.
 */
export function Tabs({
  label,
  idPrefix,
  tabs,
}: {
  label: string;
  idPrefix: string;
  tabs: readonly TabSpec[];
}) {
  const [selected, setSelected] = useState(tabs[0]?.id ?? '');
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set([selected]));
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const current = tabs.find((tab) => tab.id === selected) ?? tabs[0];

  function select(id: string) {
    setSelected(id);
    setVisited((seen) => (seen.has(id) ? seen : new Set([...seen, id])));
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === current?.id);
    const next = moved(event.key, index, tabs.length);
    const tab = next === null ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    select(tab.id);
    buttons.current.get(tab.id)?.focus();
  }

  return (
    <div className="mt-4">
      <div
        role="tablist"
        aria-label={label}
        className="flex gap-1 border-b border-border"
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => {
          const on = tab.id === current?.id;
          return (
            <button
              key={tab.id}
              ref={(node) => {
                if (node) buttons.current.set(tab.id, node);
                else buttons.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${idPrefix}-tab-${tab.id}`}
              aria-selected={on}
              aria-controls={`${idPrefix}-panel-${tab.id}`}
              tabIndex={on ? 0 : -1}
              onClick={() => select(tab.id)}
              className={`-mb-px rounded-t-md border px-3 py-1.5 text-sm ${
                on
                  ? 'border-border border-b-surface bg-surface font-semibold'
                  : 'border-transparent text-muted hover:text-fg'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs
        .filter((tab) => visited.has(tab.id))
        .map((tab) => (
          <div
            key={tab.id}
            role="tabpanel"
            id={`${idPrefix}-panel-${tab.id}`}
            aria-labelledby={`${idPrefix}-tab-${tab.id}`}
            hidden={tab.id !== current?.id}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern puts the panel in the tab order
            tabIndex={0}
            className="pt-3"
          >
            {tab.panel(tab.id === current?.id)}
          </div>
        ))}
    </div>
  );
}
