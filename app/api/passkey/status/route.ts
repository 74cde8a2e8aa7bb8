import { currentUser } from '@/lib/auth/session';
import { jsonError } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';
import { Fido2Unavailable, passkeyStatus } from '@/lib/passkey/fido2-client';

export const dynamic = 'force-dynamic';

/** Phase 1 and 3: whether the user has a passkey yet. */
export const GET = routeHandler(async (request: Request) => {
  const user = await currentUser(request);
  try {
    return Response.json(await passkeyStatus(user.id));
  } catch (error) {
    if (error instanceof Fido2Unavailable) return jsonError(503, error.message);
    return jsonError(502, error instanceof Error ? error.message : String(error));
  }
});
