/**
 * What a request's session needs. A replaced token (in its grace period) is given
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

/**
 * Whether the proxy should ask for a rotation. It cannot see whether a token was replaced, but a
 * replaced one is always old enough to be due, so the age rule alone decides.
 */
export function mayNeedRotation(createdAt: number, now: number, rotateAfterMs: number): boolean {
  return rotationDue({ createdAt, replaced: false }, now, rotateAfterMs) !== 'none';
}
