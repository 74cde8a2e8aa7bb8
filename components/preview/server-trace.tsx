'use client';
import { useState } from 'react';
import type { TraceEntry } from '@/lib/mcp/session-trace';
import { ScrollRegion } from '../ui/scroll-region';
import type { ServerView } from './api';
import { usePolledJson } from './use-polled-json';

const field = 'rounded-md border border-border bg-bg px-2 py-1 text-sm';

/**
 * The Trace tab of a server's card: every JSON-RPC message of the server's sessions, both ways
 * (lib/mcp/session-trace.ts), masked on the host, newest last, filtered by method. Read only while
 * the tab is selected.
 */
export function ServerTrace({ server, active }: { server: ServerView; active: boolean }) {
  const [method, setMethod] = useState('');
  const query = method ? `?method=${encodeURIComponent(method)}` : '';
  const { value, error } = usePolledJson<{ entries: TraceEntry[]; methods: string[] }>(
    `/api/servers/${server.id}/trace${query}`,
    active ? 2_000 : null,
    'Could not read the trace.',
  );
  const filterId = `trace-filter-${server.id}`;
  return (
    <div className="space-y-2 text-sm" data-testid="server-trace">
      <div className="flex items-center gap-2">
        <label htmlFor={filterId} className="text-muted">
          Method
        </label>
        <select
          id={filterId}
          className={field}
          value={method}
          onChange={(event) => setMethod(event.target.value)}
        >
          <option value="">All methods</option>
          {[...new Set([...(value?.methods ?? []), ...(method ? [method] : [])])].map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p role="alert" className="text-danger">
          {error}
        </p>
      ) : null}
      {value === null && !error ? <p className="text-muted">Loading the trace…</p> : null}
      {value?.entries.length === 0 ? (
        <p className="text-muted" data-testid="server-trace-empty">
          {method ? `No ${method} messages.` : 'No messages yet.'}
        </p>
      ) : null}
      {value && value.entries.length > 0 ? (
        <ScrollRegion
          label={`JSON-RPC trace of ${server.name}`}
          className="max-h-96 overflow-auto rounded border border-border"
        >
          <ol className="divide-y divide-border font-mono text-xs">
            {value.entries.map((entry) => (
              <li
                key={entry.seq}
                className="px-2 py-1"
                data-testid="trace-entry"
                data-method={entry.method}
                data-direction={entry.direction}
                data-kind={entry.kind}
              >
                <div className="text-muted">
                  <time dateTime={new Date(entry.at).toISOString()}>
                    {new Date(entry.at).toLocaleTimeString()}
                  </time>{' '}
                  {entry.direction === 'sent' ? '→ to server' : '← from server'} · {entry.kind}
                  {entry.method ? ` · ${entry.method}` : ''}
                  {entry.id !== undefined ? ` · id ${entry.id}` : ''}
                </div>
                <pre className="break-all whitespace-pre-wrap">{entry.text}</pre>
              </li>
            ))}
          </ol>
        </ScrollRegion>
      ) : null}
    </div>
  );
}
