'use client';
import { ScrollRegion } from '../ui/scroll-region';

export interface ChangeRow {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** What changed since the user trusted it, old beside new, one row per field. */
export function ChangeTable({ rows, testId }: { rows: ChangeRow[]; testId: string }) {
  return (
    <table className="w-full table-fixed text-left text-xs" data-testid={testId}>
      <thead className="text-muted">
        <tr>
          <th className="w-28 py-1 pr-2 font-medium">Field</th>
          <th className="py-1 pr-2 font-medium">Before (trusted)</th>
          <th className="py-1 font-medium">Now</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((c) => (
          <tr
            key={c.field}
            className="border-t border-border align-top"
            data-testid="diff-row"
            data-field={c.field}
            data-changed={c.before !== c.after ? '' : undefined}
          >
            <th scope="row" className="py-1 pr-2 font-medium">
              {c.label}
            </th>
            <td className="py-1 pr-2" data-testid="diff-before">
              <ScrollRegion
                as="pre"
                label={`${c.label} before`}
                className="max-h-40 overflow-auto font-mono whitespace-pre-wrap break-words text-danger"
              >
                {c.before || '(none)'}
              </ScrollRegion>
            </td>
            <td className="py-1" data-testid="diff-after">
              <ScrollRegion
                as="pre"
                label={`${c.label} now`}
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
