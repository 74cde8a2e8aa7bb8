'use client';
import { type FormEvent, type KeyboardEvent, type ReactNode, useId } from 'react';
import type { PromptIcon } from '@/lib/mcplet/prompts';
import { Button } from '../ui/button';

/** A menu's loading, empty or error line (an alert for errors). */
export function MenuStatus({
  children,
  alert = false,
  testId,
}: {
  children: ReactNode;
  alert?: boolean;
  testId: string;
}) {
  return (
    <p
      role={alert ? 'alert' : 'status'}
      className={`px-3 py-2 text-sm ${alert ? 'text-danger' : 'text-muted'}`}
      data-testid={testId}
    >
      {children}
    </p>
  );
}

/** An entry's icon only when the server gave an inline image (`data:`); a remote one is not fetched here. */
export function InlineIcon({ icons, testId }: { icons: readonly PromptIcon[]; testId: string }) {
  const icon = icons.find((i) => i.src.startsWith('data:image/'));
  if (!icon) return <span aria-hidden="true" className="size-5 shrink-0" />;
  return (
    // biome-ignore lint/performance/noImgElement: an inline data: image, nothing for Next to optimise
    <img src={icon.src} alt="" width={20} height={20} className="size-5 shrink-0" data-testid={testId} />
  );
}

/**
 * The options of a composer menu: a listbox the composer's textbox controls through
 * aria-activedescendant (the textbox keeps the focus); a press chooses without taking it away.
 */
export function MenuListbox<T>({
  id,
  label,
  items,
  active,
  optionId,
  keyOf,
  onPick,
  onHover,
  children,
  testId,
  optionTestId,
}: {
  id: string;
  label: string;
  items: readonly T[];
  active: number;
  optionId: (index: number) => string;
  keyOf: (item: T) => string;
  onPick: (item: T) => void;
  onHover: (index: number) => void;
  children: (item: T) => ReactNode;
  testId: string;
  optionTestId: string;
}) {
  return (
    <div id={id} role="listbox" aria-label={label} className="py-1" data-testid={testId}>
      {items.map((item, index) => (
        <div
          key={keyOf(item)}
          id={optionId(index)}
          role="option"
          aria-selected={index === active}
          // Not in the tab order: the composer's textbox keeps the focus and names the active option.
          tabIndex={-1}
          onMouseDown={(event) => {
            event.preventDefault();
            onPick(item);
          }}
          onMouseEnter={() => onHover(index)}
          className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${index === active ? 'bg-surface-2' : ''}`}
          data-testid={optionTestId}
        >
          {children(item)}
        </div>
      ))}
    </div>
  );
}

/** The keys footer every composer menu shows. */
export const MENU_KEYS_HINT = '↑↓ to move, Enter to choose, Escape to close';

/**
 * A composer menu's keys: Escape closes, ArrowUp/ArrowDown move (wrapping), Enter chooses the active
 * option. Returns true when the menu took the key (the composer then does nothing else with it).
 */
export function menuKeyDown(
  event: KeyboardEvent<HTMLTextAreaElement>,
  count: number,
  on: { close(): void; move(step: 1 | -1): void; choose(): void },
): boolean {
  if (event.nativeEvent.isComposing) return false;
  if (event.key === 'Escape') {
    on.close();
    return true;
  }
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    if (count > 0) on.move(event.key === 'ArrowDown' ? 1 : -1);
    return true;
  }
  if (event.key === 'Enter' && !event.shiftKey) {
    on.choose();
    return true;
  }
  return false;
}

/** The popup above the composer that every composer menu opens in. */
export function MenuPopup({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <div className="absolute inset-x-0 bottom-full z-10 px-3" data-testid={testId}>
      <div className="mx-auto max-h-[min(24rem,60vh)] max-w-3xl overflow-y-auto rounded-lg border border-border bg-bg shadow-lg">
        {children}
      </div>
    </div>
  );
}

/** The servers whose lists could not be read, and why; then the keys. */
export function MenuFooter({
  problems,
  testId,
}: {
  problems: readonly { serverId: string; serverName: string; error: string }[];
  testId: string;
}) {
  return (
    <>
      {problems.map((p) => (
        <p key={p.serverId} className="px-3 py-1 text-xs text-warn" data-testid={testId}>
          {p.serverName}: {p.error}
        </p>
      ))}
      <p className="border-t border-border px-3 py-1.5 text-xs text-muted">{MENU_KEYS_HINT}</p>
    </>
  );
}

/**
 * A menu's small form (a prompt's arguments, a template's variables): a heading and a line under it,
 * the fields, the error, Cancel and the submit button; Escape cancels.
 */
export function MenuForm({
  heading,
  sub,
  onSubmit,
  onCancel,
  error,
  submit,
  testId,
  children,
}: {
  heading: ReactNode;
  sub?: ReactNode;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  error?: string | null;
  submit: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <form
      onSubmit={onSubmit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onCancel();
        }
      }}
      aria-labelledby={headingId}
      className="flex flex-col gap-3 p-3"
      data-testid={testId}
    >
      <div>
        <h2 id={headingId} className="text-sm font-semibold">
          {heading}
        </h2>
        {sub}
      </div>
      {children}
      {error ? (
        <p role="alert" className="text-sm text-danger" data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button onClick={onCancel}>Cancel</Button>
        {submit}
      </div>
    </form>
  );
}
