'use client';

/** A server tab's list as it stands: the host's problem with it, loading, or empty (in words). */
export function ListingStatus({
  problem,
  loading,
  empty,
  what,
  connected,
  testId,
}: {
  problem: string | null;
  loading: boolean;
  empty: boolean;
  /** What the list holds, plural: "prompts", "resources". */
  what: string;
  connected: boolean;
  testId: string;
}) {
  return (
    <>
      {problem ? (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      ) : null}
      {loading && !problem ? <p className="text-sm text-muted">Loading {what}…</p> : null}
      {empty ? (
        <p className="text-sm text-muted" data-testid={testId}>
          {connected ? `This server lists no ${what}.` : `Not connected: no ${what} to list.`}
        </p>
      ) : null}
    </>
  );
}
