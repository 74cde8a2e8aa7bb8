import 'server-only';
import { LOCAL_USER_ID } from '../db';

export interface SessionUser {
  id: string;
  displayName: string;
}

/** Local mode has one built-in user; hosted sign-in will resolve the user from the request here. */
export async function currentUser(_request?: Request): Promise<SessionUser> {
  return { id: LOCAL_USER_ID, displayName: 'Local user' };
}
