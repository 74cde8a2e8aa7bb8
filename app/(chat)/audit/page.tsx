import type { ReactNode } from 'react';
import { PasskeyPanel } from '@/components/gate/passkey-panel';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { currentUser } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { listAudit } from '@/lib/db/queries/audit';
import { outcomeWords } from '@/lib/gates/outcome-words';
import { getRegistry } from '@/lib/mcp/host-registry';
import { toolDisplayWords } from '@/lib/mcp/tool-display-words';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Action log · MCPlet Host' };

const SURFACES: Record<string, string> = {
  model: 'the model',
  app: 'a view',
  'view-tool': 'the model, via a view tool',
  host: 'the host (re-listing)',
  user: 'you',
  sampling: 'the server, asking the model (sampling)',
  'view-sampling': "the server's view, asking the model (sampling)",
};

const COLUMNS = ['When', 'Who', 'From', 'Server', 'Tool', 'Arguments (hash)', 'Gate', 'Outcome'] as const;

/** A cell; on a phone it shows its column's name before the value. */
function Cell({
  column,
  className = '',
  children,
}: {
  column: (typeof COLUMNS)[number];
  className?: string;
  children: ReactNode;
}) {
  return (
    <td
      data-label={column}
      className={`py-1 pr-3 max-md:flex max-md:gap-3 max-md:py-0.5 max-md:before:w-32 max-md:before:shrink-0 max-md:before:text-muted max-md:before:content-[attr(data-label)] ${className}`}
    >
      {children}
    </td>
  );
}

/** A display name, and the id it stands for in small type when they differ. */
function NamedId({ words, id }: { words: string; id: string }) {
  return (
    <span className="flex flex-col">
      <span>{words}</span>
      {words === id ? null : <code className="font-mono text-xs text-muted">{id}</code>}
    </span>
  );
}

/** 16.5: every action call, its gate and its outcome. Arguments appear only as a hash. */
export default async function AuditPage() {
  const user = await currentUser();
  const rows = await listAudit(await getDb(), user.id);
  const wordsOf = toolDisplayWords(await getRegistry(), user.id);
  return (
    <main className="min-h-0 flex-1 overflow-y-auto">
      <div className="mx-auto max-w-5xl p-4">
        <h1 className="text-lg font-semibold">Action log</h1>
        <p className="mb-4 text-sm text-muted">
          Every call of an action tool: who, when, which server and tool, a hash of the arguments, the gate it
          met and what happened; and every tool a server changed or added after you trusted it, and each
          change you accepted (the hash column then holds the definition's hash). No secrets or arguments are
          kept here.
        </p>
        <PasskeyPanel />
        {rows.length === 0 ? (
          <p className="text-sm text-muted">No action calls yet.</p>
        ) : (
          <ScrollRegion label="Action log" className="md:overflow-x-auto">
            {/* On a phone each row is a card of labelled cells. */}
            <table className="w-full text-left text-sm max-md:block" data-testid="audit-table">
              <thead className="text-xs text-muted max-md:sr-only">
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} className="py-1 pr-3 font-medium">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="max-md:block">
                {rows.map((row) => (
                  <tr
                    key={`${row.at}-${row.argsHash}-${row.outcome}`}
                    className="border-t border-border max-md:block max-md:py-2"
                    data-testid="audit-row"
                    data-outcome={row.outcome}
                    data-server={row.serverId}
                    data-tool={row.toolName}
                  >
                    <Cell column="When" className="whitespace-nowrap">
                      {new Date(row.at).toLocaleString()}
                    </Cell>
                    <Cell column="Who">{row.userId}</Cell>
                    <Cell column="From">{SURFACES[row.surface] ?? row.surface}</Cell>
                    {/* Words for people first; the id and name the log keeps stay beneath (a record). */}
                    <Cell column="Server">
                      <NamedId words={wordsOf(row.serverId, row.toolName).server} id={row.serverId} />
                    </Cell>
                    <Cell column="Tool">
                      <NamedId words={wordsOf(row.serverId, row.toolName).tool} id={row.toolName} />
                    </Cell>
                    <Cell column="Arguments (hash)" className="font-mono text-xs break-all">
                      {row.argsHash}
                    </Cell>
                    <Cell column="Gate">{row.gate}</Cell>
                    <Cell column="Outcome" className={row.outcome === 'ok' ? 'text-ok' : 'text-danger'}>
                      {outcomeWords(row.outcome)}
                    </Cell>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </div>
    </main>
  );
}
