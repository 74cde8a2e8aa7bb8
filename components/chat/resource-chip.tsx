'use client';
import { type ResourcePartData, resourceChipText } from '@/lib/chat/resource-part';

/** "Resource: <name> · <server>": an MCP resource attached to a message, in the composer and in the chat. */
export function ResourceChip({
  data,
  changed = false,
}: {
  data: Pick<ResourcePartData, 'uri' | 'name' | 'serverName' | 'serverId' | 'error'>;
  /** Its server said it changed since the host read it (resources/subscribe). */
  changed?: boolean;
}) {
  return (
    <span
      className="inline-flex max-w-full items-center truncate rounded-full border border-border bg-surface px-2 py-0.5 text-xs font-medium text-muted"
      title={data.error ? `${data.uri}: ${data.error}` : data.uri}
      data-testid="resource-chip"
    >
      {resourceChipText(data)}
      {data.error ? <span className="ml-1 text-danger">(could not be read)</span> : null}
      {changed ? (
        <span className="ml-1 text-warn" data-testid="resource-changed">
          · changed since it was read
        </span>
      ) : null}
    </span>
  );
}
