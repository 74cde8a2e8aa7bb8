'use client';
import { useId, useState } from 'react';
import { humaniseKey } from '@/lib/gates/arg-rows';
import { Button } from '../ui/button';

interface Field {
  key: string;
  label: string;
  description?: string;
  type: 'string' | 'number' | 'boolean' | 'json';
  required: boolean;
}

function fieldsOf(schema: Record<string, unknown> | undefined, args: Record<string, unknown>): Field[] {
  const properties = (schema?.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set(Array.isArray(schema?.required) ? (schema.required as string[]) : []);
  const keys = [...new Set([...Object.keys(properties), ...Object.keys(args)])];
  return keys.map((key) => {
    const p = properties[key] ?? {};
    const type =
      p.type === 'string'
        ? 'string'
        : p.type === 'number' || p.type === 'integer'
          ? 'number'
          : p.type === 'boolean'
            ? 'boolean'
            : 'json';
    return {
      key,
      label: typeof p.title === 'string' ? p.title : humaniseKey(key),
      ...(typeof p.description === 'string' ? { description: p.description } : {}),
      type,
      required: required.has(key),
    };
  });
}

function asText(value: unknown, type: Field['type']): string {
  if (value === undefined) return '';
  if (type === 'string' && typeof value === 'string') return value;
  if (type === 'number' && typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** Text back to a value; what does not parse is sent as typed, and the server's schema check says why. */
function fromText(text: string, type: Field['type']): unknown {
  if (type === 'string') return text;
  if (type === 'number') return /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A review gate (WebMCP humanInTheLoopHint `review`): the call as a readable summary, labelled and
 * described from its input schema, that the user may edit before approving. The server validates
 * the edit again and binds the approval to it.
 */
export function ReviewForm({
  prompt,
  error,
  onApprove,
  onCancel,
}: {
  prompt: { args: Record<string, unknown>; inputSchema?: Record<string, unknown> };
  error?: string;
  onApprove: (args: Record<string, unknown>) => void;
  onCancel: () => void;
}) {
  const fields = fieldsOf(prompt.inputSchema, prompt.args);
  const formId = useId();
  const [values, setValues] = useState<Record<string, unknown>>(() => ({ ...prompt.args }));
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.key, asText(prompt.args[f.key], f.type)])),
  );

  function submit() {
    const args: Record<string, unknown> = {};
    for (const f of fields) {
      if (f.type === 'boolean') {
        if (values[f.key] !== undefined) args[f.key] = values[f.key];
      } else if (texts[f.key] !== '' || f.required) {
        args[f.key] = fromText(texts[f.key] ?? '', f.type);
      }
    }
    onApprove(args);
  }

  return (
    <form
      className="mt-3 space-y-3"
      data-testid="review-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {fields.map((f) => (
        <div key={f.key} className="block text-sm" data-testid="review-field" data-key={f.key}>
          <label htmlFor={`${formId}-${f.key}`} className="font-medium">
            {f.label}
            {f.required ? <span className="font-normal text-muted"> (required)</span> : null}
          </label>
          {f.description ? <span className="block text-xs text-muted">{f.description}</span> : null}
          {f.type === 'boolean' ? (
            <input
              id={`${formId}-${f.key}`}
              type="checkbox"
              className="mt-1"
              name={f.key}
              checked={values[f.key] === true}
              onChange={(e) => setValues({ ...values, [f.key]: e.target.checked })}
            />
          ) : (
            <input
              id={`${formId}-${f.key}`}
              type="text"
              name={f.key}
              className="mt-1 w-full rounded border border-border bg-surface px-2 py-1 font-mono text-xs"
              value={texts[f.key] ?? ''}
              onChange={(e) => setTexts({ ...texts, [f.key]: e.target.value })}
            />
          )}
        </div>
      ))}
      {error ? (
        <p role="alert" className="text-sm text-danger" data-testid="review-error">
          {error}
        </p>
      ) : null}
      {/* Stays in view while a long form scrolls under it inside the dialog. */}
      <div className="sticky bottom-0 flex justify-end gap-2 bg-bg pt-2">
        <Button data-testid="gate-cancel" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" data-testid="review-approve">
          Approve and send
        </Button>
      </div>
    </form>
  );
}
