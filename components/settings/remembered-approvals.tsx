'use client';
import { useState } from 'react';
import type { RuleView } from '@/lib/gates/approval-rules-api';
import type { ApprovalScopeKind } from '@/lib/trust/approval-rules';
import { Button } from '../ui/button';

const SCOPES: Record<ApprovalScopeKind, string> = {
  always: 'Always',
  conversation: 'This conversation',
  view: 'While the view is open',
};

function where(rule: RuleView): string | null {
  if (!rule.conversationId) return null;
  return rule.viewId
    ? `conversation ${rule.conversationId}, view ${rule.viewId}`
    : `conversation ${rule.conversationId}`;
}

/** The user's remembered approvals, each revocable. */
export function RememberedApprovals({ initial }: { initial: RuleView[] }) {
  const [rules, setRules] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function revoke(id: string) {
    setBusy(id);
    setError(null);
    try {
      const response = await fetch(`/api/approval-rules/${encodeURIComponent(id)}`, { method: 'DELETE' });
      if (!response.ok && response.status !== 404) {
        const body = (await response.json().catch(() => ({}))) as { error?: string };
        throw new Error(body.error ?? `HTTP ${response.status}`);
      }
      setRules((current) => current.filter((rule) => rule.id !== id));
    } catch (caught) {
      setError(`Could not revoke the rule: ${caught instanceof Error ? caught.message : String(caught)}`);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section data-testid="approval-rules">
      {error ? (
        <p role="alert" className="mb-2 text-sm text-danger" data-testid="approval-rules-error">
          {error}
        </p>
      ) : null}
      {rules.length === 0 ? (
        <p className="text-sm text-muted" data-testid="approval-rules-empty">
          No remembered approvals. When a confirmation offers it, pick &quot;Allow this tool …&quot; to stop
          being asked for that tool.
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-muted">
              <tr>
                <th className="py-1 pr-3 font-medium">Tool</th>
                <th className="py-1 pr-3 font-medium">Server</th>
                <th className="py-1 pr-3 font-medium">Scope</th>
                <th className="py-1 pr-3 font-medium">Since</th>
                <th className="py-1 font-medium">
                  <span className="sr-only">Revoke</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rules.map((rule) => (
                <tr
                  key={rule.id}
                  className="border-t border-border"
                  data-testid="approval-rule"
                  data-tool={rule.toolName}
                  data-scope={rule.scope}
                >
                  <td className="py-1 pr-3 font-mono">{rule.toolName}</td>
                  <td className="py-1 pr-3">{rule.serverName}</td>
                  <td className="py-1 pr-3">
                    {SCOPES[rule.scope]}
                    {where(rule) ? <span className="block text-xs text-muted">{where(rule)}</span> : null}
                  </td>
                  <td className="py-1 pr-3 whitespace-nowrap">{new Date(rule.createdAt).toLocaleString()}</td>
                  <td className="py-1 text-right">
                    <Button
                      data-testid="approval-rule-revoke"
                      disabled={busy === rule.id}
                      onClick={() => void revoke(rule.id)}
                    >
                      Revoke
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
