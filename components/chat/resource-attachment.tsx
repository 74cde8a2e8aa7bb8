'use client';
import type { ResourcePartData } from '@/lib/chat/resource-part';
import { ResourceChip } from './resource-chip';
import { useResourceChanged } from './use-resource-changed';

/** An attached resource on a sent message: its chip, marked when its server says it changed. */
export function ResourceAttachment({ data }: { data: ResourcePartData }) {
  const changed = useResourceChanged(data);
  return (
    <div data-testid="resource-part">
      <ResourceChip data={data} changed={changed} />
    </div>
  );
}
