'use client';
import { type HeaderProblem, type HeaderRow, MAX_HEADERS } from '@/lib/mcp/custom-headers';
import { Button } from '../ui/button';

const input = 'w-full rounded-md border border-border bg-bg px-2 py-1.5 text-sm';

function problemOf(problems: readonly HeaderProblem[], field: string): string | undefined {
  return problems.find((p) => p.field === field)?.message;
}

/** A field's own error line, which the field names as its description. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <span id={id} className="mt-0.5 block text-xs text-danger" data-testid="field-error">
      {message}
    </span>
  );
}

/**
 * An HTTP server's secrets as the add form takes them: a bearer token and headers of the user's own
 * (an API key header). They go to the host once; the card shows only the header names afterwards.
 */
export function HeaderFields({
  bearer,
  onBearer,
  rows,
  onRows,
  problems,
}: {
  bearer: string;
  onBearer: (value: string) => void;
  rows: HeaderRow[];
  onRows: (rows: HeaderRow[]) => void;
  problems: readonly HeaderProblem[];
}) {
  const bearerProblem = problemOf(problems, 'bearer');
  const overall = problemOf(problems, 'headers');
  const set = (index: number, change: Partial<HeaderRow>) =>
    onRows(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  return (
    <fieldset className="space-y-2 text-sm sm:col-span-2">
      <legend className="mb-1">
        Credentials <span className="text-muted">(optional; kept on the host, sent only to this URL)</span>
      </legend>
      <label className="block">
        Bearer token
        <input
          className={input}
          type="password"
          autoComplete="off"
          name="bearer"
          value={bearer}
          onChange={(e) => onBearer(e.target.value)}
          aria-invalid={bearerProblem ? true : undefined}
          aria-describedby={bearerProblem ? 'bearer-error' : undefined}
        />
        <FieldError id="bearer-error" message={bearerProblem} />
      </label>
      {rows.map((row, index) => {
        const nameProblem = problemOf(problems, `header-${index}-name`);
        const valueProblem = problemOf(problems, `header-${index}-value`);
        return (
          // Rows have no identity but their place; a removed row shifts the rest, as the user sees it.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <div key={index} className="grid gap-2 sm:grid-cols-[1fr_1fr_auto]" data-testid="header-row">
            <label>
              Header {index + 1} name
              <input
                className={input}
                name={`header-${index}-name`}
                value={row.name}
                onChange={(e) => set(index, { name: e.target.value })}
                placeholder="X-Api-Key"
                aria-invalid={nameProblem ? true : undefined}
                aria-describedby={nameProblem ? `header-${index}-name-error` : undefined}
              />
              <FieldError id={`header-${index}-name-error`} message={nameProblem} />
            </label>
            <label>
              Header {index + 1} value
              <input
                className={input}
                type="password"
                autoComplete="off"
                name={`header-${index}-value`}
                value={row.value}
                onChange={(e) => set(index, { value: e.target.value })}
                aria-invalid={valueProblem ? true : undefined}
                aria-describedby={valueProblem ? `header-${index}-value-error` : undefined}
              />
              <FieldError id={`header-${index}-value-error`} message={valueProblem} />
            </label>
            <Button
              variant="ghost"
              className="self-end"
              onClick={() => onRows(rows.filter((_, i) => i !== index))}
              aria-label={`Remove header ${index + 1}`}
            >
              Remove
            </Button>
          </div>
        );
      })}
      {rows.length < MAX_HEADERS ? (
        <Button
          variant="ghost"
          className="text-xs"
          onClick={() => onRows([...rows, { name: '', value: '' }])}
        >
          Add a header
        </Button>
      ) : null}
      {overall ? (
        <p className="text-xs text-danger" data-testid="field-error">
          {overall}
        </p>
      ) : null}
    </fieldset>
  );
}
