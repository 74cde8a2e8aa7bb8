'use client';
import type { TrustOverview } from '@/lib/mcp/trust-overview';
import { PanelSection } from './panel-section';
import { TrustStateView } from './trust-views';
import { usePolledJson } from './use-polled-json';

/** The trust state of this preview session and of each of the user's conversations. */
export function TrustPanel() {
  const { value: overview, error } = usePolledJson<TrustOverview>(
    '/api/trust',
    2_000,
    'Could not load the trust states.',
  );

  return (
    <PanelSection
      id="trust-heading"
      title="Trust states"
      testId="trust-panel"
      error={error}
      intro={
        <>
          What each conversation holds by the SEP trust annotations of its tool results (open-world data,
          sensitivity classes, attribution, a pending malicious-activity flag). Calls made here, outside a
          conversation, use this preview session&apos;s own state, kept in memory until the host restarts.
        </>
      }
    >
      {overview ? (
        <ul className="space-y-2">
          <li
            className="rounded border border-border p-2"
            data-testid="trust-state"
            data-conversation="preview"
          >
            <p className="text-sm font-medium">This preview session</p>
            <TrustStateView state={overview.preview} />
          </li>
          {overview.conversations.map((c) => (
            <li
              key={c.id}
              className="rounded border border-border p-2"
              data-testid="trust-state"
              data-conversation={c.id}
            >
              <p className="text-sm font-medium">
                <a className="underline" href={`/c/${c.id}`}>
                  {c.title}
                </a>
              </p>
              <TrustStateView state={c.state} />
            </li>
          ))}
        </ul>
      ) : null}
    </PanelSection>
  );
}
