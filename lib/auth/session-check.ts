import 'server-only';
import { databaseAwayError } from '../db/reachable';
import { log } from '../log/logger';
import { getAuth, rotateAfterMs } from './auth';
import { mayNeedRotation } from './rotation-rule';
import type { SessionUser } from './session';

export interface SessionCheck {
  user: SessionUser;
  /** Cookies the answer must set: a rotated session's new token. */
  setCookies: string[];
}

/** The signed-in user of a request's session cookie, or null (hosted mode); rotates a session that is due. */
export async function checkSession(headers: Headers): Promise<SessionCheck | null> {
  const auth = await getAuth();
  let session: Awaited<ReturnType<typeof auth.api.getSession>>;
  try {
    session = await auth.api.getSession({ headers });
  } catch (error) {
    // Better Auth answers "Failed to get session" whatever failed under it: a database that cannot
    // be reached is a 503 naming it (lib/http/host-errors.ts), not a bare failure.
    throw (await databaseAwayError()) ?? error;
  }
  if (!session) return null;
  const setCookies: string[] = [];
  if (mayNeedRotation(new Date(session.session.createdAt).getTime(), Date.now(), rotateAfterMs())) {
    try {
      const rotated = await auth.api.rotateSession({ headers, returnHeaders: true });
      setCookies.push(...rotated.headers.getSetCookie());
    } catch (error) {
      // The request is still this user's (the lookup above); the next one rotates, or signs in again.
      log('warn', '[auth] could not rotate a session', { error });
    }
  }
  return { user: { id: session.user.id, displayName: session.user.name }, setCookies };
}
