'use client';
import { type ResourcePartData, resourceChipText } from '@/lib/chat/resource-part';
import { AttachmentChip } from './attachment-chip';

/** "Resource: <name> · <server>": an MCP resource attached to a message, in the composer and in the chat. */
export function ResourceChip({
  data,
  changed = false,
  onRemove,
}: {
  data: Pick<ResourcePartData, 'uri' | 'name' | 'serverName' | 'serverId' | 'error'>;
  /** Its server said it changed since the host read it (resources/subscribe). */
  changed?: boolean;
  /** In the composer: takes it off the message being written. */
  onRemove?: () => void;
}) {
  return (
    <AttachmentChip
      label={resourceChipText(data)}
      title={data.error ? `${data.uri}: ${data.error}` : data.uri}
      testId="resource-chip"
      remove={
        onRemove
          ? { label: `Remove the resource ${data.name ?? data.uri}`, onRemove, testId: 'resource-remove' }
          : undefined
      }
    >
      {data.error ? <span className="text-danger">(could not be read)</span> : null}
      {changed ? (
        <span className="text-warn" data-testid="resource-changed">
          · changed since it was read
        </span>
      ) : null}
    </AttachmentChip>
  );
}
