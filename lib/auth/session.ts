import 'server-only';
import { headers as requestHeaders } from 'next/headers';
import { deploymentMode } from '../config/deployment';
import { LOCAL_USER_ID } from '../db';
import { HostError } from '../http/host-errors';
import { USER_ID_HEADER, USER_NAME_HEADER } from './request-user';

export interface SessionUser {
  id: string;
  displayName: string;
}

/** A request reached a route without a signed-in user (hosted mode): answered 401, never served. */
export class SignInRequiredError extends HostError {
  constructor() {
    super(401, 'Sign in first.');
  }
}

/**
 * The user a request acts for. Local mode has one built-in user. Hosted mode takes the user the
 * proxy found from the session cookie (lib/auth/request-user.ts); without one it refuses.
 */
export async function currentUser(request?: Request): Promise<SessionUser> {
  if (deploymentMode() === 'local') return { id: LOCAL_USER_ID, displayName: 'Local user' };
  const headers = request ? request.headers : await requestHeaders();
  const id = headers.get(USER_ID_HEADER);
  if (!id) throw new SignInRequiredError();
  return { id, displayName: decodeURIComponent(headers.get(USER_NAME_HEADER) ?? '') || 'User' };
}
