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
    <label className="flex items-center gap-1.5 text-sm">
      <span className="text-muted">Model</span>
      <select
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
        className="max-w-[14rem] truncate rounded-md border border-border bg-surface px-2 py-1"
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

const MODE_LABEL: Record<ChatMode, string> = { normal: 'Normal', 'tool-only': 'Tool-only' };

export function ChatModeSelect({ value, onChange }: { value: ChatMode; onChange: (mode: ChatMode) => void }) {
  return (
    <label className="flex items-center gap-1.5 text-sm">
      <span className="text-muted">Mode</span>
      <select
        value={value}
        onChange={(e) => onChange(e.target.value as ChatMode)}
        className="rounded-md border border-border bg-surface px-2 py-1"
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
