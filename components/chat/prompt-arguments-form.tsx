'use client';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import {
  type Completions,
  displayName,
  type PromptArgumentInfo,
  type PromptListItem,
} from '@/lib/mcplet/prompts';
import { Button } from '../ui/button';
import { MenuForm } from './menu-list';
import { type ChosenPrompt, fetchCompletions, fetchPrompt } from './prompt-requests';

/** How long typing pauses before the server is asked for suggestions. */
const COMPLETE_AFTER_MS = 200;

/** Asks the server for suggestions (MCP completion/complete); absent when it declares no completions. */
export type Complete = (
  argument: { name: string; value: string },
  others: Record<string, string>,
  signal: AbortSignal,
) => Promise<Completions>;

interface FieldProps {
  argument: PromptArgumentInfo;
  value: string;
  values: Record<string, string>;
  onChange: (value: string) => void;
  first: boolean;
  complete: Complete | undefined;
  /** The field's test id: `<testId>-<argument name>`. */
  testId: string;
}

/**
 * One argument's text field. When the server declares `completions`, it is an ARIA combobox: typing
 * asks the server (MCP completion/complete, debounced, the other arguments as context) and the
 * suggestions are a listbox walked with ArrowUp/ArrowDown and taken with Enter; Escape closes them.
 */
export function ArgumentField({ argument, value, values, onChange, first, complete, testId }: FieldProps) {
  const id = useId();
  const listId = `${id}-suggestions`;
  const hintId = `${id}-hint`;
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = useRef(false);
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const completeRef = useRef(complete);
  completeRef.current = complete;
  const completes = complete !== undefined;

  useEffect(() => {
    const ask = completeRef.current;
    if (!ask || !typed.current) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const others = Object.fromEntries(
        Object.entries(valuesRef.current).filter(([name, v]) => name !== argument.name && v !== ''),
      );
      ask({ name: argument.name, value }, others, controller.signal).then(
        (answer) => {
          setSuggestions(answer.values);
          setActive(-1);
          setOpen(answer.values.length > 0);
        },
        () => {
          // No suggestions is not an error the user must act on: the field still takes any text.
          if (!controller.signal.aborted) setOpen(false);
        },
      );
    }, COMPLETE_AFTER_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [argument.name, value]);

  function take(suggestion: string) {
    typed.current = false;
    onChange(suggestion);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!completes) return;
    const count = suggestions.length;
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && count > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) =>
        event.key === 'ArrowDown' ? (index + 1) % count : index <= 0 ? count - 1 : index - 1,
      );
    } else if (event.key === 'Enter' && open && active >= 0 && suggestions[active] !== undefined) {
      event.preventDefault();
      take(suggestions[active]);
    } else if (event.key === 'Escape' && open) {
      // Only the suggestions close; the form stays.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  }

  const label = displayName(argument);
  const showing = completes && open && suggestions.length > 0;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {argument.required ? (
          <span className="text-danger" aria-hidden="true">
            {' '}
            *
          </span>
        ) : (
          <span className="font-normal text-muted"> (optional)</span>
        )}
      </label>
      {argument.description ? (
        <p id={hintId} className="text-xs text-muted">
          {argument.description}
        </p>
      ) : null}
      <div className="relative">
        <input
          id={id}
          type="text"
          value={value}
          required={argument.required}
          autoComplete="off"
          // biome-ignore lint/a11y/noAutofocus: the form opened because the user chose this prompt
          autoFocus={first}
          onChange={(event) => {
            typed.current = true;
            onChange(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          aria-describedby={argument.description ? hintId : undefined}
          className="w-full rounded-md border border-border bg-surface px-2 py-1.5 text-sm"
          data-testid={`${testId}-${argument.name}`}
          {...(completes
            ? {
                role: 'combobox',
                'aria-autocomplete': 'list' as const,
                'aria-expanded': showing,
                'aria-controls': listId,
                'aria-activedescendant': showing && active >= 0 ? `${listId}-${active}` : undefined,
              }
            : {})}
        />
        {completes ? (
          <div
            id={listId}
            role="listbox"
            aria-label={`Suggestions for ${label}`}
            hidden={!showing}
            className="absolute inset-x-0 top-full z-10 mt-1 max-h-48 overflow-y-auto rounded-md border border-border bg-bg py-1 shadow-lg"
            data-testid="prompt-suggestions"
          >
            {suggestions.map((suggestion, index) => (
              <div
                key={suggestion}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                // The field keeps the focus (aria-activedescendant names the active suggestion).
                tabIndex={-1}
                onMouseDown={(event) => {
                  event.preventDefault();
                  take(suggestion);
                }}
                className={`cursor-pointer px-2 py-1 text-sm ${index === active ? 'bg-surface-2' : ''}`}
              >
                {suggestion}
              </div>
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The chosen prompt's arguments (MCP prompt arguments: labels from their title or name, the
 * description beside each, required ones marked). Insert asks the host for the prompt's messages
 * (it checks the arguments again); Escape or Cancel goes back to the composer.
 */
export function PromptArgumentsForm({
  item,
  onChosen,
  onCancel,
}: {
  item: PromptListItem;
  onChosen: (prompt: ChosenPrompt) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(item.arguments.map((a) => [a.name, ''])),
  );
  const [state, setState] = useState<{ busy: boolean; error?: string }>({ busy: false });
  const title = displayName(item);
  const complete: Complete | undefined = item.completions
    ? (argument, others, signal) => fetchCompletions(item, argument, others, signal)
    : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setState({ busy: true });
    try {
      onChosen(await fetchPrompt(item, values));
    } catch (error) {
      setState({ busy: false, error: error instanceof Error ? error.message : String(error) });
    }
  }

  return (
    <MenuForm
      heading={`Prompt: ${title} · ${item.serverName}`}
      sub={item.description ? <p className="text-xs text-muted">{item.description}</p> : null}
      onSubmit={submit}
      onCancel={onCancel}
      error={state.error}
      submit={
        <Button type="submit" variant="primary" disabled={state.busy} data-testid="prompt-insert">
          {state.busy ? 'Getting the prompt…' : 'Insert prompt'}
        </Button>
      }
      testId="prompt-arguments"
    >
      {item.arguments.map((argument, index) => (
        <ArgumentField
          key={argument.name}
          complete={complete}
          testId="prompt-argument"
          argument={argument}
          value={values[argument.name] ?? ''}
          values={values}
          first={index === 0}
          onChange={(value) => setValues((old) => ({ ...old, [argument.name]: value }))}
        />
      ))}
    </MenuForm>
  );
}
