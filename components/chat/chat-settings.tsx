'use client';
import { CHAT_MODES, type ChatMode } from '@/lib/mcplet/chat-mode';

export interface ModelListItem {
  id: string;
  label: string;
  /** The media types it takes in an attached file, beside text (lib/llm/model-inputs.ts). */
  accepts?: string[];
}

/**
 * A header picker: a native select (its menu is the browser's own, always on screen, and works with
 * every input method) laid invisibly over a box that shows the choice. The box can show a shorter
 * name on a phone, where both pickers share one row of 390 px with the menu and theme buttons.
 */
function HeaderSelect({
  label,
  value,
  options,
  onChange,
  testId,
  widthClass,
}: {
  label: string;
  value: string;
  options: Array<{ value: string; label: string; short: string }>;
  onChange: (value: string) => void;
  testId: string;
  widthClass: string;
}) {
  const chosen = options.find((o) => o.value === value) ?? options[0];
  return (
    <label className={`flex min-w-0 items-center gap-1.5 text-sm ${widthClass}`}>
      <span className="sr-only text-muted sm:not-sr-only">{label}</span>
      <span className="relative flex h-9 min-w-0 flex-1 items-center gap-1 rounded-md border border-border bg-surface px-2 has-[select:focus-visible]:outline-2 has-[select:focus-visible]:outline-offset-2 has-[select:focus-visible]:outline-accent">
        <span className="min-w-0 flex-1 truncate" aria-hidden="true" data-testid={`${testId}-value`}>
          <span className="sm:hidden">{chosen?.short}</span>
          <span className="hidden sm:inline">{chosen?.label}</span>
        </span>
        <svg
          aria-hidden="true"
          viewBox="0 0 16 16"
          className="size-3 shrink-0 text-muted"
          fill="currentColor"
        >
          <path d="M4 6l4 4 4-4z" />
        </svg>
        <select
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
          data-testid={testId}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </span>
    </label>
  );
}

/** A model's name without its provider ("gpt-4.1 (OpenAI)" is "gpt-4.1"): the menu still names both. */
function shortModelLabel(label: string): string {
  return label.replace(/\s*\([^()]*\)$/, '') || label;
}

export function ModelPicker({
  models,
  value,
  onChange,
}: {
  models: ModelListItem[];
  value: string | null;
  onChange: (id: string) => void;
}) {
  if (models.length === 0) return null;
  return (
    <HeaderSelect
      label="Model"
      value={value ?? ''}
      options={models.map((m) => ({ value: m.id, label: m.label, short: shortModelLabel(m.label) }))}
      onChange={onChange}
      testId="model-picker"
      widthClass="max-w-[16rem] flex-1"
    />
  );
}

/** What each mode does, in plain words (12.1's names stay the values). */
const MODE_LABEL: Record<ChatMode, string> = {
  normal: 'Answer or use tools',
  'tool-only': 'Always use a tool',
};
/** The same on a phone's narrow header. */
const MODE_SHORT: Record<ChatMode, string> = {
  normal: 'Tools: auto',
  'tool-only': 'Tools: always',
};

export function ChatModeSelect({ value, onChange }: { value: ChatMode; onChange: (mode: ChatMode) => void }) {
  return (
    <HeaderSelect
      label="Replies"
      value={value}
      options={CHAT_MODES.map((m) => ({ value: m, label: MODE_LABEL[m], short: MODE_SHORT[m] }))}
      // The select's values are CHAT_MODES, so what it reports back is one of them.
      onChange={(mode) => onChange(mode as ChatMode)}
      testId="chat-mode"
      widthClass="shrink-0"
    />
  );
}
