/**
 * Issue 16 item 2: what a request's session needs. A replaced token (in its grace period) is given
 * its successor's cookie again; a token older than `rotateAfterMs` is replaced; any other is kept.
 */
export function rotationDue(
  session: { createdAt: number; replaced: boolean },
  now: number,
  rotateAfterMs: number,
): 'successor' | 'rotate' | 'none' {
  if (session.replaced) return 'successor';
  return now - session.createdAt >= rotateAfterMs ? 'rotate' : 'none';
}

/** Whether the proxy should ask for a rotation: the session is old enough to be due or replaced. */
export function mayNeedRotation(createdAt: number, now: number, rotateAfterMs: number): boolean {
  return now - createdAt >= rotateAfterMs;
}
