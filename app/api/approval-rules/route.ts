import { currentUser } from '@/lib/auth/session';
import { rulesOf } from '@/lib/gates/approval-rules-api';

export const dynamic = 'force-dynamic';

/** The user's remembered approvals (issue 11 item 3). */
export async function GET(request: Request) {
  return Response.json({ rules: await rulesOf((await currentUser(request)).id) });
}
