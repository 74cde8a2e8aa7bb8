'use client';
import { useCallback, useEffect, useState } from 'react';
import { AddServerForm } from './add-server-form';
import { fetchServers, type ServerView } from './api';
import { DerivedPanel } from './derived-panel';
import { ServerCard } from './server-card';
import { TrustPanel } from './trust-panel';

export function ServersPanel() {
  const [servers, setServers] = useState<ServerView[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    try {
      setServers(await fetchServers());
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not load the servers.');
    }
  }, []);

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), 2_000);
    return () => clearInterval(timer);
  }, [refresh]);

  return (
    <main className="min-h-0 flex-1 overflow-y-auto">
      <div className="mx-auto max-w-4xl space-y-4 p-4">
        <div>
          <h1 className="text-lg font-semibold">Developer preview</h1>
          <p className="text-sm text-muted">
            Every connected MCP server, which of its tools the host admitted (spec 5.3.1) and why the others
            were rejected. Try a tool as the model or as a view to see the policy decision (8.2) and the raw
            JSON-RPC.
          </p>
        </div>
        <AddServerForm onAdded={() => void refresh()} />
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
        {servers === null && !error ? <p className="text-sm text-muted">Loading servers…</p> : null}
        {servers?.length === 0 ? <p className="text-sm text-muted">No servers yet. Add one above.</p> : null}
        {servers?.map((server) => (
          <ServerCard key={server.id} server={server} onChanged={() => void refresh()} />
        ))}
        <DerivedPanel />
        <TrustPanel />
      </div>
    </main>
  );
}
