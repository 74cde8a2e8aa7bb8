import type { ReactNode } from 'react';

/** One titled panel of the developer preview, below the servers. */
export function PanelSection({
  id,
  title,
  testId,
  intro,
  error,
  children,
}: {
  id: string;
  title: string;
  testId: string;
  intro: ReactNode;
  /** Why the panel could not load, shown under the introduction. */
  error: string | null;
  children: ReactNode;
}) {
  return (
    <section className="rounded-lg border border-border p-3" aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      <p className="mb-2 text-sm text-muted">{intro}</p>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {children}
    </section>
  );
}
