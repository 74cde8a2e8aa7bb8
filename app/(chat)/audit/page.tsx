import { PasskeyPanel } from '@/components/gate/passkey-panel';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { currentUser } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { listAudit } from '@/lib/db/queries/audit';
import { outcomeWords } from '@/lib/gates/outcome-words';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Action log · MCPlet Host' };

const SURFACES: Record<string, string> = {
  model: 'the model',
  app: 'a view',
  'view-tool': 'the model, via a view tool',
  host: 'the host (re-listing)',
  user: 'you',
};

/** 16.5: every action call, its gate and its outcome. Arguments appear only as a hash. */
export default async function AuditPage() {
  const user = await currentUser();
  const rows = await listAudit(await getDb(), user.id);
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
          <ScrollRegion label="Action log" className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="audit-table">
              <thead className="text-xs text-muted">
                <tr>
                  <th className="py-1 pr-3 font-medium">When</th>
                  <th className="py-1 pr-3 font-medium">Who</th>
                  <th className="py-1 pr-3 font-medium">From</th>
                  <th className="py-1 pr-3 font-medium">Server</th>
                  <th className="py-1 pr-3 font-medium">Tool</th>
                  <th className="py-1 pr-3 font-medium">Arguments (hash)</th>
                  <th className="py-1 pr-3 font-medium">Gate</th>
                  <th className="py-1 font-medium">Outcome</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr
                    key={`${row.at}-${row.argsHash}-${row.outcome}`}
                    className="border-t border-border"
                    data-testid="audit-row"
                    data-outcome={row.outcome}
                  >
                    <td className="py-1 pr-3 whitespace-nowrap">{new Date(row.at).toLocaleString()}</td>
                    <td className="py-1 pr-3">{row.userId}</td>
                    <td className="py-1 pr-3">{SURFACES[row.surface] ?? row.surface}</td>
                    <td className="py-1 pr-3">{row.serverId}</td>
                    <td className="py-1 pr-3 font-mono">{row.toolName}</td>
                    <td className="py-1 pr-3 font-mono text-xs">{row.argsHash}</td>
                    <td className="py-1 pr-3">{row.gate}</td>
                    <td className={`py-1 ${row.outcome === 'ok' ? 'text-ok' : 'text-danger'}`}>
                      {outcomeWords(row.outcome)}
                    </td>
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
