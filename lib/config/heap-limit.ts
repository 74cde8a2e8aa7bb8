/** HOST_HEAP_MB's default: the host's live heap is about 150 MB under 200 streams. */
export const DEFAULT_HEAP_MB = 384;

/**
 * The Next server's V8 old-space limit in MB. Without one V8 grows the heap toward the machine's
 * memory under load and keeps it; the value is refused, with the reason, unless it is a whole
 * number of megabytes, at least 128.
 */
export function heapLimitMb(env: Readonly<Record<string, string | undefined>>): number | { error: string } {
  const raw = env.HOST_HEAP_MB;
  if (raw === undefined || raw === '') return DEFAULT_HEAP_MB;
  if (!/^\d+$/.test(raw) || Number(raw) < 128)
    return { error: `HOST_HEAP_MB must be a whole number of megabytes, at least 128 (got "${raw}").` };
  return Number(raw);
}
