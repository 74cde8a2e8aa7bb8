'use client';
import { type PromptPartData, promptChipText } from '@/lib/chat/prompt-part';

/** "Prompt: <title> · <server>": text that came from an MCP prompt, in the composer and in the chat. */
export function PromptChip({
  data,
}: {
  data: Pick<PromptPartData, 'name' | 'title' | 'serverName' | 'serverId'>;
}) {
  return (
    <span
      className="inline-flex max-w-full items-center truncate rounded-full border border-border bg-surface px-2 py-0.5 text-xs font-medium text-muted"
      data-testid="prompt-chip"
    >
      {promptChipText(data)}
    </span>
  );
}
