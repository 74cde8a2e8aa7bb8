'use client';
import type { ResourceCsp } from '@/lib/apps/csp';
import type { DiffLine } from '@/lib/trust/line-diff';
import type { ViewReview, ViewSide } from '@/lib/trust/view-pin';
import { ScrollRegion } from '../ui/scroll-region';
import { type ChangeRow, ChangeTable } from './change-table';

const CSP_FIELDS: Array<[keyof ResourceCsp, string]> = [
  ['connectDomains', 'Connects to'],
  ['resourceDomains', 'Loads from'],
  ['frameDomains', 'Frames'],
  ['baseUriDomains', 'Base URIs'],
];

const NOT_KEPT = '(not recorded when trusted)';

function size(side: ViewSide): string {
  return side.size === undefined ? NOT_KEPT : `${side.size.toLocaleString('en')} bytes`;
}

function list(values: string[] | undefined, kept: boolean): string {
  if (!kept) return NOT_KEPT;
  return values && values.length > 0 ? values.join('\n') : 'none declared';
}

function rows(change: ViewReview): ChangeRow[] {
  const { before, after } = change;
  return [
    { field: 'size', label: 'Size', before: size(before), after: size(after) },
    { field: 'hash', label: 'SHA-256', before: before.hash, after: after.hash },
    ...CSP_FIELDS.map(([field, label]) => ({
      field,
      label,
      before: list(before.csp?.[field], before.csp !== undefined),
      after: list(after.csp?.[field], true),
    })),
    {
      field: 'permissions',
      label: 'Permissions',
      before: list(before.permissions, before.permissions !== undefined),
      after: list(after.permissions, true),
    },
  ];
}

const MARK: Record<DiffLine['kind'], string> = { same: '  ', removed: '- ', added: '+ ', skipped: '… ' };
const TONE: Record<DiffLine['kind'], string> = {
  same: '',
  removed: 'bg-danger-bg text-danger',
  added: 'text-ok',
  skipped: 'text-muted',
};

/** A changed view's HTML since the user trusted it: what it declares, old beside new, and a line diff. */
export function ViewChangeDiff({ change }: { change: ViewReview }) {
  const { html } = change;
  return (
    <div className="space-y-3" data-testid="view-change-diff">
      <ChangeTable testId="view-change-fields" rows={rows(change)} />
      <h3 className="text-sm font-semibold">HTML, line by line</h3>
      {html.kind === 'unavailable' ? (
        <p className="text-xs text-muted" data-testid="view-html-diff-unavailable">
          {html.reason}
        </p>
      ) : (
        <ScrollRegion
          label="HTML changes"
          className="max-h-72 overflow-auto rounded border border-border p-2"
          data-testid="view-html-diff"
        >
          <ol className="font-mono text-xs whitespace-pre-wrap break-all">
            {html.diff.lines.map((line, k) => (
              // The lines are a fixed list drawn once; their place is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={k} className={TONE[line.kind]} data-kind={line.kind}>
                {MARK[line.kind]}
                {line.text}
              </li>
            ))}
          </ol>
          {html.diff.truncated ? (
            <p className="mt-1 text-xs text-muted">The diff goes on; the rest is left out.</p>
          ) : null}
        </ScrollRegion>
      )}
    </div>
  );
}
