/** The first revision without sessions: requests carry their own version, notifications need a listen stream. */
export const FIRST_STATELESS_REVISION = '2026-07-28';

/**
 * Whether a negotiated revision is 2026-07-28 or later. Revisions are dates in one format, so the
 * text compares as the date does.
 */
export function isModernRevision(version: string | null | undefined): boolean {
  return (
    typeof version === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(version) && version >= FIRST_STATELESS_REVISION
  );
}
