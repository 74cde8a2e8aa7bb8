'use client';
import { useState } from 'react';
import { ChangedTools } from '../pinning/changed-tools';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { McpIcon } from '../ui/mcp-icon';
import { type TabSpec, Tabs } from '../ui/tabs';
import { AdmissionSwitch } from './admission-switch';
import { errorOf, type ServerView } from './api';
import { ServerLog } from './server-log';
import { ServerPrompts } from './server-prompts';
import { ServerResources } from './server-resources';
import { ServerSignIn } from './server-sign-in';
import { ServerTools } from './server-tools';
import { ServerTrace } from './server-trace';

const STATUS_TONE: Record<string, string> = {
  ready: 'bg-ok',
  connecting: 'bg-warn',
  unavailable: 'bg-danger',
  refused: 'bg-danger',
  'authorization-required': 'bg-warn',
  closed: 'bg-muted',
};

/** Stopped states are not retried: the card says why and what would change it. */
const STATUS_LABEL: Record<string, string> = {
  refused: 'refused by the outbound guard (not retried)',
  'authorization-required': 'authorization required (not retried)',
};

/** The card's tabs, in order: one more tab (a server's resources, say) is one more line here. */
function tabsOf(server: ServerView, onChanged: () => void): TabSpec[] {
  return [
    { id: 'tools', label: `Tools (${server.tools.length})`, panel: () => <ServerTools server={server} /> },
    { id: 'prompts', label: 'Prompts', panel: () => <ServerPrompts server={server} /> },
    { id: 'resources', label: 'Resources', panel: () => <ServerResources server={server} /> },
    {
      id: 'log',
      label: `Server log (${server.log.length})`,
      panel: () => <ServerLog server={server} onChanged={onChanged} />,
    },
    { id: 'trace', label: 'Trace', panel: (active) => <ServerTrace server={server} active={active} /> },
  ];
}

export function ServerCard({ server, onChanged }: { server: ServerView; onChanged: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function act(method: 'POST' | 'DELETE', path: string) {
    setBusy(true);
    setError(null);
    try {
      const response = await fetch(path, { method });
      if (!response.ok) setError(await errorOf(response));
    } catch {
      setError('The host could not be reached.');
    }
    setBusy(false);
    onChanged();
  }

  const where = server.transport.type === 'http' ? server.transport.url : server.transport.command.join(' ');
  return (
    <section
      className="rounded-lg border border-border bg-surface p-4"
      aria-label={`Server ${server.name}`}
      data-testid="server-card"
      data-server={server.id}
    >
      <header className="flex flex-wrap items-center gap-2">
        <span
          className={`h-2.5 w-2.5 rounded-full ${STATUS_TONE[server.status] ?? 'bg-muted'}`}
          aria-hidden="true"
        />
        {server.serverInfo?.hasIcon ? <McpIcon serverId={server.id} size={20} /> : null}
        <h2 className="font-semibold">{server.name}</h2>
        {server.serverInfo?.title && server.serverInfo.title !== server.name ? (
          <span className="text-sm text-muted" data-testid="server-title">
            {server.serverInfo.title}
          </span>
        ) : null}
        <span className="text-sm text-muted" data-testid="server-status">
          {STATUS_LABEL[server.status] ?? server.status}
          {server.kind ? ` · ${server.kind}` : ''}
          {server.protocolVersion ? (
            <>
              {' · MCP '}
              <span data-testid="server-protocol">{server.protocolVersion}</span>
            </>
          ) : null}{' '}
          · {server.source} · admission {server.admission}
        </span>
        <div className="ml-auto flex gap-2">
          <Button onClick={() => act('POST', `/api/servers/${server.id}/reconnect`)} disabled={busy}>
            Reconnect
          </Button>
          <Button variant="danger" onClick={() => setConfirming(true)} disabled={busy}>
            Remove
          </Button>
        </div>
      </header>
      <p className="mt-1 truncate font-mono text-xs text-muted" title={where}>
        {where}
      </p>
      {server.headers ? (
        <p className="mt-1 text-xs text-muted" data-testid="server-headers">
          {[
            server.headers.bearer ? 'bearer token set' : null,
            server.headers.names.length > 0 ? `headers: ${server.headers.names.join(', ')}` : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      ) : null}
      {server.lastError ? (
        <p
          role="alert"
          className="mt-2 rounded bg-danger-bg px-2 py-1 text-sm text-danger"
          data-testid="server-error"
        >
          {server.lastError}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
      <ServerSignIn server={server} onChanged={onChanged} />
      <ChangedTools
        serverId={server.id}
        changes={server.toolChanges}
        views={server.viewChanges}
        onChanged={onChanged}
      />
      <AdmissionSwitch server={server} onChanged={onChanged} />
      <Tabs
        label={`${server.name}: what it offers`}
        idPrefix={`server-${server.id}`}
        tabs={tabsOf(server, onChanged)}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove ${server.name}?`}
        description={
          server.source === 'user'
            ? 'The host disconnects and forgets this server.'
            : 'The host disconnects now; servers from configuration come back at the next start.'
        }
        confirmLabel="Remove"
        destructive
        onConfirm={() => act('DELETE', `/api/servers/${server.id}`)}
      />
    </section>
  );
}
