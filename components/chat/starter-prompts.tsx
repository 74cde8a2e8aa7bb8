'use client';

/** What the demo servers can do, one click from a first message. */
const STARTERS = [
  'Find a vegan restaurant in Ebisu',
  'Book a table for two at Trattoria Luce on Friday at 19:00',
  'Show me the API key named default',
] as const;

export function StarterPrompts({ onPick }: { onPick: (text: string) => void }) {
  return (
    <ul
      className="mx-auto mt-6 grid max-w-xl gap-2 sm:grid-cols-3"
      aria-label="Try asking"
      data-testid="starters"
    >
      {STARTERS.map((text) => (
        <li key={text}>
          <button
            type="button"
            className="h-full min-h-11 w-full rounded-lg border border-border bg-surface px-3 py-2 text-left text-sm text-fg hover:bg-surface-2"
            onClick={() => onPick(text)}
          >
            {text}
          </button>
        </li>
      ))}
    </ul>
  );
}
