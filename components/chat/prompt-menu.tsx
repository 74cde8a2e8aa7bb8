'use client';
import { Suspense } from 'react';
import { preloadable } from '@/lib/client/preloadable';
import { displayName, type PromptListItem } from '@/lib/mcplet/prompts';
import type { ChosenPrompt } from './prompt-requests';
import type { SlashMenu } from './use-slash-menu';

/** The arguments form, out of the chat page's first load: fetched as the menu opens. */
export const argumentsForm = preloadable(() =>
  import('./prompt-arguments-form').then((m) => m.PromptArgumentsForm),
);

export const PROMPT_LISTBOX_ID = 'prompt-menu';

export function promptOptionId(index: number): string {
  return `prompt-option-${index}`;
}

function Status({ children, alert = false }: { children: React.ReactNode; alert?: boolean }) {
  return (
    <p
      role={alert ? 'alert' : 'status'}
      className={`px-3 py-2 text-sm ${alert ? 'text-danger' : 'text-muted'}`}
      data-testid="prompt-menu-status"
    >
      {children}
    </p>
  );
}

/** A prompt's icon only when the server gave an inline image (`data:`); a remote one is not fetched here. */
function PromptIcon({ item }: { item: PromptListItem }) {
  const icon = item.icons.find((i) => i.src.startsWith('data:image/'));
  if (!icon) return <span aria-hidden="true" className="size-5 shrink-0" />;
  return (
    // biome-ignore lint/performance/noImgElement: an inline data: image, nothing for Next to optimise
    <img src={icon.src} alt="" width={20} height={20} className="size-5 shrink-0" data-testid="prompt-icon" />
  );
}

/**
 * The popup above the composer: the `/` menu (a listbox the composer's textbox controls through
 * aria-activedescendant; the textbox keeps the focus), or the chosen prompt's arguments form, with
 * loading, empty and error states.
 */
export function PromptMenu({
  menu,
  filter,
  onChosen,
  onCancelForm,
}: {
  menu: SlashMenu;
  filter: string;
  onChosen: (prompt: ChosenPrompt) => void;
  onCancelForm: () => void;
}) {
  const { list, filtered, active, asking, getting } = menu;
  const Form = argumentsForm.current();
  return (
    <div className="absolute inset-x-0 bottom-full z-10 px-3" data-testid="slash-menu">
      <div className="mx-auto max-h-[min(24rem,60vh)] max-w-3xl overflow-y-auto rounded-lg border border-border bg-bg shadow-lg">
        {asking ? (
          <Suspense fallback={<Status>Opening the prompt's arguments…</Status>}>
            <Form
              item={asking}
              onChosen={(prompt) => {
                menu.close();
                onChosen(prompt);
              }}
              onCancel={onCancelForm}
            />
          </Suspense>
        ) : list.status === 'loading' ? (
          <Status>Loading prompts…</Status>
        ) : list.status === 'error' ? (
          <Status alert>Prompts could not be loaded: {list.error}</Status>
        ) : (
          <>
            {list.items.length === 0 ? (
              <Status>No prompts from your servers</Status>
            ) : filtered.length === 0 ? (
              <Status>No prompt matches “{filter}”.</Status>
            ) : (
              <div
                id={PROMPT_LISTBOX_ID}
                role="listbox"
                aria-label="Prompts from your servers"
                className="py-1"
                data-testid="prompt-options"
              >
                {filtered.map((item, index) => (
                  <div
                    key={`${item.serverId}/${item.name}`}
                    id={promptOptionId(index)}
                    role="option"
                    aria-selected={index === active}
                    // Not in the tab order: the composer's textbox keeps the focus and names the
                    // active option (aria-activedescendant); a press chooses without taking it away.
                    tabIndex={-1}
                    onMouseDown={(event) => {
                      event.preventDefault();
                      menu.pick(item);
                    }}
                    onMouseEnter={() => menu.setActive(index)}
                    className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${index === active ? 'bg-surface-2' : ''}`}
                    data-testid="prompt-option"
                  >
                    <PromptIcon item={item} />
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="font-medium">{displayName(item)}</span>
                      {item.description ? (
                        <span className="truncate text-xs text-muted">{item.description}</span>
                      ) : null}
                    </span>
                    <span className="shrink-0 text-xs text-muted">{item.serverName}</span>
                  </div>
                ))}
              </div>
            )}
            {getting ? (
              getting.error ? (
                <Status alert>{getting.error}</Status>
              ) : (
                <Status>Getting “{displayName(getting.item)}”…</Status>
              )
            ) : null}
            {list.problems.map((p) => (
              <p key={p.serverId} className="px-3 py-1 text-xs text-warn" data-testid="prompt-problem">
                {p.serverName}: {p.error}
              </p>
            ))}
            <p className="border-t border-border px-3 py-1.5 text-xs text-muted">
              ↑↓ to move, Enter to choose, Escape to close
            </p>
          </>
        )}
      </div>
    </div>
  );
}
