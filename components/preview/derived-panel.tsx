'use client';
import { useEffect, useState } from 'react';
import type { DerivedAttempt as Attempt } from '@/lib/llm/derived-log';
import { errorOf } from './api';
import { PanelSection } from './panel-section';

function size(bytes: number | undefined): string {
  if (bytes === undefined) return '—';
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`;
}

const STATE_TONE: Record<Attempt['state'], string> = {
  pending: 'text-accent',
  consumed: 'text-ok',
  expired: 'text-warn',
  refused: 'text-danger',
};

/** Spec 10: every derived result the model set, its validation outcome (10.4) and what became of it (10.6). */
export function DerivedPanel() {
  const [attempts, setAttempts] = useState<Attempt[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    let live = true;
    let skew = 0;
    const load = async () => {
      try {
        const response = await fetch('/api/derived', { cache: 'no-store' });
        if (!response.ok) throw new Error(await errorOf(response));
        const body = (await response.json()) as { attempts: Attempt[]; now: number };
        if (!live) return;
        skew = body.now - Date.now();
        setAttempts(body.attempts);
        setError(null);
      } catch (e) {
        if (live) setError(e instanceof Error ? e.message : 'Could not load derived results.');
      }
    };
    void load();
    const poll = setInterval(() => void load(), 1_000);
    const tick = setInterval(() => setNow(Date.now() + skew), 250);
    return () => {
      live = false;
      clearInterval(poll);
      clearInterval(tick);
    };
  }, []);

  return (
    <PanelSection
      id="derived-heading"
      title="Derived results"
      testId="derived-panel"
      error={error}
      intro={
        <>
          Results the model shaped with <code>mcplet_set_tool_result</code> (spec 10): the validation outcome
          of each attempt, and whether a view used it before its TTL ran out.
        </>
      }
    >
      {attempts === null && !error ? <p className="text-sm text-muted">Loading…</p> : null}
      {attempts?.length === 0 ? <p className="text-sm text-muted">None yet in this session.</p> : null}
      {attempts && attempts.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-xs">
            <thead className="text-muted">
              <tr>
                <th className="py-1 pr-2 font-medium">Tool</th>
                <th className="py-1 pr-2 font-medium">Outcome</th>
                <th className="py-1 pr-2 font-medium">State</th>
                <th className="py-1 pr-2 font-medium">Time left</th>
                <th className="py-1 pr-2 font-medium">Revision</th>
                <th className="py-1 pr-2 font-medium">Size</th>
              </tr>
            </thead>
            <tbody>
              {attempts.map((a) => {
                const pending = a.state === 'pending' && a.expiresAt !== undefined && a.expiresAt > now;
                const state = a.state === 'pending' && !pending ? 'expired' : a.state;
                return (
                  <tr
                    key={a.id}
                    className="border-t border-border align-top"
                    data-testid="derived-attempt"
                    data-outcome={a.outcome}
                    data-state={state}
                  >
                    <td className="py-1 pr-2 font-mono">{a.toolId}</td>
                    <td className="py-1 pr-2">
                      <span className={a.outcome === 'accepted' ? 'text-ok' : 'text-danger'}>
                        {a.outcome}
                      </span>
                      {a.message ? <span className="block text-muted">{a.message}</span> : null}
                      {a.fallback ? (
                        <span className="block text-muted">
                          {`fallback call: ${a.fallback === 'ok' ? 'done' : a.fallback}`}
                        </span>
                      ) : null}
                    </td>
                    <td className={`py-1 pr-2 ${STATE_TONE[state]}`}>{state}</td>
                    <td className="py-1 pr-2 tabular-nums" data-testid="time-left">
                      {pending ? `${Math.ceil(((a.expiresAt ?? now) - now) / 1000)} s` : '—'}
                    </td>
                    <td className="py-1 pr-2">{a.revision ?? '—'}</td>
                    <td className="py-1 pr-2">{size(a.bytes)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </PanelSection>
  );
}
