import { getAuth } from '@/lib/auth/auth';
import { deploymentMode } from '@/lib/config/deployment';
import { jsonError } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';

export const dynamic = 'force-dynamic';

/** Better Auth's endpoints (passkey sign-up and sign-in, sessions, sign-out): hosted mode only. */
async function handle(request: Request): Promise<Response> {
  if (deploymentMode() !== 'hosted') return jsonError(404, 'This host has no sign-in (local mode).');
  return (await getAuth()).handler(request);
}

export const GET = routeHandler(handle);
export const POST = routeHandler(handle);
