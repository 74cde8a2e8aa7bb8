'use client';
import { useId, useState } from 'react';

/** What "withheld" means for the person reading the card, shown on hover and on keyboard focus. */
export const WITHHELD_MEANING =
  'These values are shown to you here only. The model read a placeholder in their place, so it cannot repeat, send or use them; nothing is lost from the result.';

/**
 * Under a result the model did not fully see, what was withheld and why. The values stay
 * readable in the card above; the model read a marker in their place. A native disclosure, so it
 * opens with the keyboard (Enter or Space on the summary); its meaning shows on hover and focus.
 */
export function WithheldNotice({ reasons }: { reasons: readonly string[] }) {
  const meaning = useId();
  const [explained, setExplained] = useState(false);
  const show = () => setExplained(true);
  const hide = () => setExplained(false);
  return (
    <div className="relative" data-testid="withheld-notice">
      <details className="rounded border border-warn/40 px-2 py-1 text-xs">
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a summary is its disclosure's button (interactive in HTML); these handlers only show its description */}
        <summary
          className="cursor-pointer text-warn"
          aria-describedby={meaning}
          onMouseEnter={show}
          onMouseLeave={hide}
          onFocus={show}
          onBlur={hide}
        >
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
      {/* Beside the disclosure, not in it: a closed <details> renders nothing but its summary. */}
      <span
        id={meaning}
        role="tooltip"
        data-testid="withheld-meaning"
        hidden={!explained}
        className="pointer-events-none absolute top-8 left-0 z-20 w-72 max-w-[80vw] rounded-md border border-border bg-bg p-2 text-xs text-fg shadow-lg"
      >
        {WITHHELD_MEANING}
      </span>
    </div>
  );
}
