'use client';
import { type FormEvent, useState } from 'react';
import { type HeaderProblem, type HeaderRow, requestHeaders } from '@/lib/mcp/custom-headers';
import { askGate, type GatePrompt } from '@/lib/store/gates';
import { Button } from '../ui/button';
import { postJson, type ServerView } from './api';
import { HeaderFields } from './header-fields';

/** Where an add is: a command server waits for the user's confirmation before anything runs. */
type Phase = 'idle' | 'adding' | 'confirming' | 'starting';

const BUSY_LABEL: Record<Exclude<Phase, 'idle'>, string> = {
  adding: 'Connecting…',
  confirming: 'Waiting for your confirmation…',
  starting: 'Starting the command…',
};

type Added = { server: ServerView } | { gate: GatePrompt };

const input = 'w-full rounded-md border border-border bg-bg px-2 py-1.5 text-sm';

export function AddServerForm({ onAdded }: { onAdded: () => void }) {
  const [id, setId] = useState('');
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'http' | 'stdio'>('http');
  const [url, setUrl] = useState('');
  const [command, setCommand] = useState('');
  const [admission, setAdmission] = useState('strict');
  const [bearer, setBearer] = useState('');
  const [headerRows, setHeaderRows] = useState<HeaderRow[]>([]);
  const [problems, setProblems] = useState<HeaderProblem[]>([]);
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  function added(server: ServerView) {
    setNotice(`Added ${server.name}.`);
    setId('');
    setName('');
    setUrl('');
    setCommand('');
    setBearer('');
    setHeaderRows([]);
    onAdded();
  }

  /** docs/security.md, "Command execution": the host draws the command; only the user's approval starts it. */
  async function confirmCommand(gate: GatePrompt) {
    setPhase('confirming');
    const answered = await askGate(gate, (answer) => setPhase(answer.approved ? 'starting' : 'idle'));
    setPhase('idle');
    if (!answered.ok) return setError(answered.error ?? 'The confirmation failed; nothing was run.');
    const result = answered.result as { server?: ServerView; refused?: string } | undefined;
    if (result?.server) return added(result.server);
    setNotice(result?.refused ?? 'Cancelled: the command was not run.');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPhase('adding');
    setError(null);
    setNotice(null);
    setProblems([]);
    // The headers are checked here first, by the very rules the host checks them by again.
    const headers = kind === 'http' ? requestHeaders(headerRows, bearer) : { ok: true as const, headers: {} };
    if (!headers.ok) {
      setPhase('idle');
      setProblems(headers.problems);
      return setError('Some headers cannot be sent; nothing was added.');
    }
    const withHeaders = Object.keys(headers.headers).length > 0 ? { headers: headers.headers } : {};
    const transport =
      kind === 'http'
        ? { type: 'http', url: url.trim(), ...withHeaders }
        : {
            type: 'stdio',
            command: command
              .split('\n')
              .map((s) => s.trim())
              .filter(Boolean),
          };
    const result = await postJson<Added>('/api/servers', {
      id: id.trim(),
      name: name.trim() || undefined,
      transport,
      admission,
    });
    if (!result.ok) {
      setPhase('idle');
      return setError(result.error);
    }
    if ('gate' in result.value) return confirmCommand(result.value.gate);
    setPhase('idle');
    added(result.value.server);
  }

  return (
    <form
      onSubmit={submit}
      className="grid gap-3 rounded-lg border border-border bg-surface p-4 sm:grid-cols-2"
      aria-label="Add a server"
    >
      <h2 className="font-semibold sm:col-span-2">Add a server</h2>
      <label className="text-sm">
        Id <span className="text-muted">(a-z, 0-9, -)</span>
        <input
          className={input}
          value={id}
          onChange={(e) => setId(e.target.value)}
          required
          maxLength={20}
          name="id"
        />
      </label>
      <label className="text-sm">
        Name <span className="text-muted">(optional)</span>
        <input
          className={input}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={80}
          name="name"
        />
      </label>
      <fieldset className="text-sm sm:col-span-2">
        <legend className="mb-1">Transport</legend>
        <label className="mr-4">
          <input type="radio" name="kind" checked={kind === 'http'} onChange={() => setKind('http')} /> URL
          (Streamable HTTP, then SSE)
        </label>
        <label>
          <input type="radio" name="kind" checked={kind === 'stdio'} onChange={() => setKind('stdio')} />{' '}
          Command (stdio, local mode; you confirm the exact command first)
        </label>
      </fieldset>
      {kind === 'http' ? (
        <label className="text-sm sm:col-span-2">
          URL
          <input
            className={input}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="http://127.0.0.1:3001/mcp"
            required
            name="url"
          />
        </label>
      ) : null}
      {kind === 'http' ? (
        <HeaderFields
          bearer={bearer}
          onBearer={setBearer}
          rows={headerRows}
          onRows={setHeaderRows}
          problems={problems}
        />
      ) : (
        <label className="text-sm sm:col-span-2">
          Command, one argument per line (no shell is used)
          <textarea
            className={`${input} font-mono`}
            rows={3}
            value={command}
            onChange={(e) => setCommand(e.target.value)}
            placeholder={'npx\n-y\n@modelcontextprotocol/server-everything'}
            required
            name="command"
          />
        </label>
      )}
      <label className="text-sm">
        Tools without MCPlet metadata
        <select
          className={input}
          value={admission}
          onChange={(e) => setAdmission(e.target.value)}
          name="admission"
        >
          <option value="strict">strict: reject them (the spec's rule)</option>
          <option value="annotations">annotations: derive from MCP annotations</option>
          <option value="overlay">overlay: metadata from host configuration</option>
        </select>
      </label>
      <div className="flex items-end gap-3">
        <Button type="submit" variant="primary" disabled={phase !== 'idle'} data-testid="add-server">
          {phase === 'idle' ? 'Add server' : BUSY_LABEL[phase]}
        </Button>
      </div>
      {notice ? (
        <p role="status" className="text-sm text-muted sm:col-span-2" data-testid="add-server-notice">
          {notice}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-danger sm:col-span-2" data-testid="add-server-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
