'use client';
import { Suspense } from 'react';
import { preloadable } from '@/lib/client/preloadable';
import { displayName } from '@/lib/mcplet/prompts';
import { InlineIcon, MenuFooter, MenuListbox, MenuPopup, MenuStatus } from './menu-list';
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
    <MenuPopup testId="slash-menu">
      {asking ? (
        <Suspense
          fallback={<MenuStatus testId="prompt-menu-status">Opening the prompt's arguments…</MenuStatus>}
        >
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
        <MenuStatus testId="prompt-menu-status">Loading prompts…</MenuStatus>
      ) : list.status === 'error' ? (
        <MenuStatus alert testId="prompt-menu-status">
          Prompts could not be loaded: {list.error}
        </MenuStatus>
      ) : (
        <>
          {list.items.length === 0 ? (
            <MenuStatus testId="prompt-menu-status">No prompts from your servers</MenuStatus>
          ) : filtered.length === 0 ? (
            <MenuStatus testId="prompt-menu-status">No prompt matches “{filter}”.</MenuStatus>
          ) : (
            <MenuListbox
              id={PROMPT_LISTBOX_ID}
              label="Prompts from your servers"
              items={filtered}
              active={active}
              optionId={promptOptionId}
              keyOf={(item) => `${item.serverId}/${item.name}`}
              onPick={menu.pick}
              onHover={menu.setActive}
              testId="prompt-options"
              optionTestId="prompt-option"
            >
              {(item) => (
                <>
                  <InlineIcon icons={item.icons} testId="prompt-icon" />
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="font-medium">{displayName(item)}</span>
                    {item.description ? (
                      <span className="truncate text-xs text-muted">{item.description}</span>
                    ) : null}
                  </span>
                  <span className="shrink-0 text-xs text-muted">{item.serverName}</span>
                </>
              )}
            </MenuListbox>
          )}
          {getting ? (
            getting.error ? (
              <MenuStatus alert testId="prompt-menu-status">
                {getting.error}
              </MenuStatus>
            ) : (
              <MenuStatus testId="prompt-menu-status">Getting “{displayName(getting.item)}”…</MenuStatus>
            )
          ) : null}
          <MenuFooter problems={list.problems} testId="prompt-problem" />
        </>
      )}
    </MenuPopup>
  );
}
