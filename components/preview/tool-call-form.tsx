'use client';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { type CallResponse, envelopeError } from '@/lib/mcp/call-response';
import type { ToolView } from '@/lib/mcp/snapshot';
import { GATE_TABLE } from '@/lib/mcplet/gates';
import { DECISION_RULE_TEXT } from '@/lib/mcplet/trust-escalation';
import { useCallInFlight } from '@/lib/store/calls-in-flight';
import { askGate, type GatePrompt } from '@/lib/store/gates';
import { MaliciousWarning, UntrustedBadge } from '../chat/tool-badges';
import { Button } from '../ui/button';
import { ScrollRegion } from '../ui/scroll-region';
import { type Decision, postJson } from './api';
import { PreviewView } from './preview-view';
import { buildArgs, type Field, type FieldValues, fieldsFor } from './schema-form';

const input = 'w-full rounded-md border border-border bg-bg px-2 py-1 text-sm';

function FieldInput({
  field,
  value,
  onChange,
}: {
  field: Field;
  value: string | boolean | undefined;
  onChange: (v: string | boolean) => void;
}) {
  const id = `field-${field.name}`;
  const label = (
    <span>
      {field.label}
      {field.required ? <span className="text-danger"> *</span> : null}
      {field.description ? <span className="block text-xs text-muted">{field.description}</span> : null}
    </span>
  );
  if (field.kind === 'boolean') {
    return (
      <label htmlFor={id} className="flex items-start gap-2 text-sm">
        <input
          id={id}
          type="checkbox"
          checked={value === true}
          onChange={(e) => onChange(e.target.checked)}
        />
        {label}
      </label>
    );
  }
  return (
    <label htmlFor={id} className="block text-sm">
      {label}
      {field.kind === 'enum' ? (
        <select
          id={id}
          className={input}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">(not set)</option>
          {field.options.map((o) => (
            <option key={o}>{o}</option>
          ))}
        </select>
      ) : field.kind === 'json' ? (
        <textarea
          id={id}
          className={`${input} font-mono`}
          rows={2}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.target.value)}
          placeholder="JSON"
        />
      ) : (
        <input
          id={id}
          className={input}
          inputMode={field.kind === 'number' ? 'decimal' : undefined}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </label>
  );
}

function DecisionLine({ decision }: { decision: Decision | null }) {
  if (!decision) return <p className="text-sm text-muted">Checking policy…</p>;
  return (
    <p
      role="status"
      data-testid="decision"
      className={`rounded px-2 py-1 text-sm ${decision.allow ? 'bg-surface-2' : 'bg-danger-bg text-danger'}`}
    >
      {decision.allow ? (
        <>
          <strong>Allowed</strong>
          {GATE_TABLE[decision.gate].waits ? ` behind a ${decision.gate} gate` : ''}: {decision.reason}{' '}
          <span className="text-xs text-muted" data-testid="decision-rule" data-rule={decision.rule}>
            (decided by: {DECISION_RULE_TEXT[decision.rule]})
          </span>
        </>
      ) : (
        <>
          <strong>Denied</strong> ({decision.code}, spec {decision.section}): {decision.reason}
        </>
      )}
    </p>
  );
}

export function ToolCallForm({
  serverId,
  serverName,
  tool,
}: {
  serverId: string;
  serverName: string;
  tool: ToolView;
}) {
  const fields = useMemo(() => fieldsFor(tool.inputSchema), [tool.inputSchema]);
  const [values, setValues] = useState<FieldValues>({});
  const [surface, setSurface] = useState<'model' | 'app'>(
    tool.visibility.includes('model') ? 'model' : 'app',
  );
  const [decision, setDecision] = useState<Decision | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useCallInFlight(busy);
  const [response, setResponse] = useState<CallResponse | null>(null);
  // Each answered call gets a fresh view (the view keeps its own state between results otherwise).
  const [call, setCall] = useState<{ id: number; args: Record<string, unknown> }>({ id: 0, args: {} });
  const built = useMemo(() => buildArgs(fields, values), [fields, values]);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(async () => {
      const result = await postJson<{ decision: Decision }>('/api/tools/decide', {
        serverId,
        toolName: tool.name,
        surface,
        args: built.ok ? built.args : {},
      });
      if (!live || !result.ok) return;
      const next = result.value.decision;
      // Every refresh of the servers (2 s) asks again, since an accepted change or a pin can change the
      // answer; the old decision stays shown meanwhile, and the same decision keeps its object, so the
      // status line neither flickers nor is re-announced.
      setDecision((old) => (JSON.stringify(old) === JSON.stringify(next) ? old : next));
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [serverId, tool.name, surface, built]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!built.ok) return setFormError(built.error);
    setFormError(null);
    setBusy(true);
    const result = await postJson<CallResponse | { gate: GatePrompt }>('/api/tools/call', {
      serverId,
      toolName: tool.name,
      surface,
      args: built.args,
      exchange: true,
    });
    if (!result.ok) {
      setBusy(false);
      return setFormError(result.error);
    }
    let value = result.value;
    if ('gate' in value) {
      const answered = await askGate(value.gate);
      if (!answered.ok) {
        setBusy(false);
        return setFormError(answered.error ?? 'The confirmation failed.');
      }
      value = answered.result as CallResponse;
    }
    setBusy(false);
    setResponse(value);
    setCall((old) => ({ id: old.id + 1, args: built.args }));
  }

  return (
    <form
      onSubmit={submit}
      className="mt-2 space-y-3 rounded-md border border-border bg-bg p-3"
      aria-label={`Call ${tool.name}`}
    >
      {fields.length === 0 ? <p className="text-sm text-muted">This tool takes no arguments.</p> : null}
      <div className="grid gap-2 sm:grid-cols-2">
        {fields.map((f) => (
          <FieldInput
            key={f.name}
            field={f}
            value={values[f.name]}
            onChange={(v) => setValues((old) => ({ ...old, [f.name]: v }))}
          />
        ))}
      </div>
      <fieldset className="flex flex-wrap items-center gap-4 text-sm">
        <legend className="sr-only">Call as</legend>
        <span className="text-muted">Call as</span>
        <label>
          <input
            type="radio"
            name={`surface-${tool.name}`}
            checked={surface === 'model'}
            onChange={() => setSurface('model')}
          />{' '}
          the model
        </label>
        <label>
          <input
            type="radio"
            name={`surface-${tool.name}`}
            checked={surface === 'app'}
            onChange={() => setSurface('app')}
          />{' '}
          a view of this server
        </label>
      </fieldset>
      <DecisionLine decision={decision} />
      <div className="flex items-center gap-3">
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? 'Calling…' : 'Call'}
        </Button>
        {formError ? (
          <span role="alert" className="text-sm text-danger">
            {formError}
          </span>
        ) : null}
      </div>
      {response ? (
        <div className="grid gap-3 lg:grid-cols-2">
          <div className="min-w-0 space-y-2 text-sm" data-testid="call-response">
            <p className="flex flex-wrap items-center gap-2">
              {response.sent ? 'Sent to the server' : 'Not sent'} · {response.durationMs.toFixed(1)} ms
              {response.untrusted ? <UntrustedBadge source={response.untrusted} /> : null}
            </p>
            {response.malicious ? <MaliciousWarning /> : null}
            <details open>
              <summary className="cursor-pointer font-medium">Result envelope (9.1)</summary>
              <ScrollRegion
                as="pre"
                label="Result envelope"
                className="max-h-72 overflow-auto rounded bg-surface p-2 font-mono text-xs"
                data-testid="envelope"
              >
                {JSON.stringify(response.envelope, null, 2)}
              </ScrollRegion>
            </details>
            {response.exchange ? (
              <details>
                <summary className="cursor-pointer font-medium">Raw JSON-RPC exchange</summary>
                <ScrollRegion
                  as="pre"
                  label="Raw JSON-RPC exchange"
                  className="max-h-96 overflow-auto rounded bg-surface p-2 font-mono text-xs"
                  data-testid="exchange"
                >
                  {`→ ${JSON.stringify(response.exchange.request, null, 2)}\n\n← ${JSON.stringify(response.exchange.response ?? null, null, 2)}`}
                </ScrollRegion>
              </details>
            ) : null}
          </div>
          <PreviewView
            key={call.id}
            serverId={serverId}
            serverName={serverName}
            tool={tool}
            callId={`${tool.name}-${call.id}`}
            args={call.args}
            result={response.sent ? response.result : undefined}
            errorCode={envelopeError(response.envelope)?.code}
          />
        </div>
      ) : null}
    </form>
  );
}
