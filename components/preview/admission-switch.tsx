'use client';
import { useState } from 'react';
import { Button } from '../ui/button';
import { errorOf, postJson, type ServerView } from './api';

interface SwitchOption {
  mode: string;
  rejected: string[];
  admitted: string[];
  lines: string[];
}

interface Answer {
  admission: string;
  mayChange: boolean;
  options: SwitchOption[];
}

const MODES = ['strict', 'annotations', 'overlay'] as const;
const field = 'rounded-md border border-border bg-bg px-2 py-1 text-sm';

/**
 * A server's admission mode (5.3.1), switched on its card: picking a mode first states what the
 * switch would do to this server's tools (computed by the host from the tools as last listed); only
 * the confirming button switches, and the host lists the tools again under the new mode.
 */
export function AdmissionSwitch({ server, onChanged }: { server: ServerView; onChanged: () => void }) {
  const [target, setTarget] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const option = answer?.options.find((o) => o.mode === target);

  async function pick(mode: string) {
    setTarget(mode);
    setAnswer(null);
    setError(null);
    if (!mode) return;
    try {
      const response = await fetch(`/api/servers/${server.id}/admission`, { cache: 'no-store' });
      if (!response.ok) return setError(await errorOf(response));
      setAnswer((await response.json()) as Answer);
    } catch {
      setError('The host could not be reached.');
    }
  }

  async function apply() {
    setBusy(true);
    setError(null);
    const result = await postJson(`/api/servers/${server.id}/admission`, { admission: target });
    setBusy(false);
    if (!result.ok) return setError(result.error);
    setTarget('');
    setAnswer(null);
    onChanged();
  }

  const id = `admission-${server.id}`;
  return (
    <div className="mt-3 space-y-2 text-sm" data-testid="admission-switch">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={id} className="text-muted">
          Admission <span data-testid="admission-current">{server.admission}</span>; switch to
        </label>
        <select id={id} className={field} value={target} onChange={(event) => void pick(event.target.value)}>
          <option value="">(choose)</option>
          {MODES.filter((mode) => mode !== server.admission).map((mode) => (
            <option key={mode} value={mode}>
              {mode}
            </option>
          ))}
        </select>
      </div>
      {target && !answer && !error ? <p className="text-muted">Working out what changes…</p> : null}
      {option ? (
        <div className="rounded-md border border-warn/40 p-2" data-testid="admission-consequences">
          <ul className="list-disc pl-5">
            {option.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {answer?.mayChange ? (
            <div className="mt-2 flex gap-2">
              <Button variant="primary" onClick={apply} disabled={busy}>
                {busy ? 'Switching…' : `Switch to ${target}`}
              </Button>
              <Button variant="ghost" onClick={() => void pick('')} disabled={busy}>
                Cancel
              </Button>
            </div>
          ) : (
            <p className="mt-2 text-muted" data-testid="admission-not-yours">
              This is the operator's server, shared by everyone: only host.config.json sets its admission.
            </p>
          )}
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
