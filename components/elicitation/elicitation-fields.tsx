'use client';
import { useId } from 'react';
import type { ElicitValue, FormField } from '@/lib/mcplet/elicitation-schema';

const INPUT_TYPES = { email: 'email', uri: 'url', date: 'date', 'date-time': 'datetime-local' } as const;

function Control({
  field,
  value,
  onChange,
  id,
}: {
  field: FormField;
  value: ElicitValue | undefined;
  onChange: (value: ElicitValue | undefined) => void;
  id: string;
}) {
  const common = {
    id,
    name: field.name,
    required: field.required,
    className: 'w-full rounded border border-border bg-surface px-2 py-1',
  };
  switch (field.kind) {
    case 'text':
      return (
        <input
          {...common}
          type={field.format ? INPUT_TYPES[field.format] : 'text'}
          minLength={field.minLength}
          maxLength={field.maxLength}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        />
      );
    case 'number':
      return (
        <input
          {...common}
          type="number"
          step={field.integer ? 1 : 'any'}
          min={field.minimum}
          max={field.maximum}
          value={typeof value === 'number' ? value : ''}
          onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
        />
      );
    case 'boolean':
      return (
        <input
          id={id}
          name={field.name}
          type="checkbox"
          className="h-4 w-4"
          checked={value === true}
          onChange={(e) => onChange(e.target.checked)}
        />
      );
    case 'select':
      return (
        <select
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        >
          <option value="">(choose)</option>
          {field.choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      );
    case 'multi-select': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <fieldset id={id} className="space-y-1">
          {field.choices.map((c) => (
            <label key={c.value} className="flex items-center gap-2">
              <input
                type="checkbox"
                name={field.name}
                value={c.value}
                checked={chosen.includes(c.value)}
                onChange={(e) =>
                  onChange(e.target.checked ? [...chosen, c.value] : chosen.filter((v) => v !== c.value))
                }
              />
              {c.label}
            </label>
          ))}
        </fieldset>
      );
    }
    default: {
      const unhandled: never = field;
      return unhandled;
    }
  }
}

/** The host's own controls for a form-mode elicitation, one per property of `requestedSchema`. */
export function ElicitationFields({
  fields,
  values,
  onChange,
}: {
  fields: FormField[];
  values: Record<string, ElicitValue>;
  onChange: (name: string, value: ElicitValue | undefined) => void;
}) {
  const base = useId();
  return (
    <div className="space-y-3">
      {fields.map((field) => {
        const id = `${base}-${field.name}`;
        return (
          <div key={field.name} className="space-y-1" data-testid="elicitation-field" data-field={field.name}>
            <label htmlFor={id} className="block text-sm font-medium">
              {field.label}
              {field.required ? <span aria-hidden="true"> *</span> : null}
            </label>
            {field.description ? <p className="text-xs text-muted">{field.description}</p> : null}
            <Control
              field={field}
              value={values[field.name]}
              onChange={(value) => onChange(field.name, value)}
              id={id}
            />
          </div>
        );
      })}
    </div>
  );
}
