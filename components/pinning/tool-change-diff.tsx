'use client';
import type { FieldChange } from '@/lib/trust/tool-pin';
import { ScrollRegion } from '../ui/scroll-region';

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

/** Attack 18: what changed in a tool since the user trusted it, old beside new. */
export function ToolChangeDiff({ changes }: { changes: FieldChange[] }) {
  return (
    <table className="w-full table-fixed text-left text-xs" data-testid="tool-change-diff">
      <thead className="text-muted">
        <tr>
          <th className="w-28 py-1 pr-2 font-medium">Field</th>
          <th className="py-1 pr-2 font-medium">Before (trusted)</th>
          <th className="py-1 font-medium">Now</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c) => (
          <tr
            key={c.field}
            className="border-t border-border align-top"
            data-testid="diff-row"
            data-field={c.field}
          >
            <th scope="row" className="py-1 pr-2 font-medium">
              {LABEL[c.field]}
            </th>
            <td className="py-1 pr-2" data-testid="diff-before">
              <ScrollRegion
                as="pre"
                label={`${LABEL[c.field]} before`}
                className="max-h-40 overflow-auto font-mono whitespace-pre-wrap break-words text-danger"
              >
                {c.before || '(none)'}
              </ScrollRegion>
            </td>
            <td className="py-1" data-testid="diff-after">
              <ScrollRegion
                as="pre"
                label={`${LABEL[c.field]} now`}
                className="max-h-40 overflow-auto font-mono whitespace-pre-wrap break-words text-ok"
              >
                {c.after || '(none)'}
              </ScrollRegion>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
