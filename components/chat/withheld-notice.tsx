'use client';

/**
 * Issue 12: under a result the model did not fully see, what was withheld and why. The values stay
 * readable in the card above; the model read a marker in their place. A native disclosure, so it
 * opens with the keyboard (Enter or Space on the summary).
 */
export function WithheldNotice({ reasons }: { reasons: readonly string[] }) {
  return (
    <details className="rounded border border-warn/40 px-2 py-1 text-xs" data-testid="withheld-notice">
      <summary className="cursor-pointer text-warn">
        Withheld from the model ({reasons.length}): you see it here, the model did not
      </summary>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 break-words text-muted">
        {reasons.map((reason) => (
          <li key={reason} data-testid="withheld-reason">
            {reason}
          </li>
        ))}
      </ul>
    </details>
  );
}
