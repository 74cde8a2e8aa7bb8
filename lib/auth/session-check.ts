import 'server-only';
import { getAuth } from './auth';
import type { SessionUser } from './session';

/** The signed-in user of a request's session cookie, or null (hosted mode; one lookup). */
export async function sessionUser(headers: Headers): Promise<SessionUser | null> {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers });
  return session ? { id: session.user.id, displayName: session.user.name } : null;
}
