'use client';
import type { FieldChange } from '@/lib/trust/tool-pin';
import { ChangeTable } from './change-table';

const LABEL: Record<FieldChange['field'], string> = {
  title: 'Title',
  description: 'Description',
  type: 'MCPlet type',
  visibility: 'Visibility',
  gate: 'Gate',
  inputSchema: 'Input schema',
  outputSchema: 'Output schema',
  annotations: 'Annotations',
  _meta: '_meta',
};

/** docs/security.md, "Rug-pulls": what changed in a tool since the user trusted it, old beside new. */
export function ToolChangeDiff({ changes }: { changes: FieldChange[] }) {
  return (
    <ChangeTable testId="tool-change-diff" rows={changes.map((c) => ({ ...c, label: LABEL[c.field] }))} />
  );
}
