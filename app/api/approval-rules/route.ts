import { currentUser } from '@/lib/auth/session';
import { rulesOf } from '@/lib/gates/approval-rules-api';
import { routeHandler } from '@/lib/http/route-handler';

export const dynamic = 'force-dynamic';

/** The user's remembered approvals. */
export const GET = routeHandler(async (request: Request) => {
  return Response.json({ rules: await rulesOf((await currentUser(request)).id) });
});
