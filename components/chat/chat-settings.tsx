'use client';
import { CHAT_MODES, type ChatMode } from '@/lib/mcplet/chat-mode';

export interface ModelListItem {
  id: string;
  label: string;
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
    <label className="flex min-w-0 items-center gap-1.5 text-sm">
      <span className="sr-only text-muted sm:not-sr-only">Model</span>
      <select
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
        className="h-9 w-full max-w-[14rem] min-w-0 truncate rounded-md border border-border bg-surface px-2"
        data-testid="model-picker"
      >
        {models.map((m) => (
          <option key={m.id} value={m.id}>
            {m.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** What each mode does, in plain words (12.1's names stay the values). */
const MODE_LABEL: Record<ChatMode, string> = {
  normal: 'Answer or use tools',
  'tool-only': 'Always use a tool',
};

export function ChatModeSelect({ value, onChange }: { value: ChatMode; onChange: (mode: ChatMode) => void }) {
  return (
    <label className="flex min-w-0 items-center gap-1.5 text-sm">
      <span className="sr-only text-muted sm:not-sr-only">Replies</span>
      <select
        value={value}
        onChange={(e) => onChange(e.target.value as ChatMode)}
        className="h-9 w-full max-w-[12rem] min-w-0 truncate rounded-md border border-border bg-surface px-2"
        data-testid="chat-mode"
      >
        {CHAT_MODES.map((m) => (
          <option key={m} value={m}>
            {MODE_LABEL[m]}
          </option>
        ))}
      </select>
    </label>
  );
}
