/** useChat surfaces HTTP failures as the response body text; show the `error` field when it is JSON. */
export function chatErrorText(error: Error | undefined): string | null {
  if (!error) return null;
  const raw = error.message?.trim() ?? '';
  if (raw.startsWith('{')) {
    try {
      const parsed = JSON.parse(raw) as { error?: unknown };
      if (typeof parsed.error === 'string') return parsed.error;
    } catch {
      // Not JSON after all; fall through to the raw text.
    }
  }
  if (/failed to fetch|networkerror|load failed/i.test(raw)) {
    return 'The host could not be reached. Check that it is still running, then retry.';
  }
  return raw || 'Something went wrong while getting a reply.';
}
