import { originsFor } from '@/lib/apps/origins';
import { createAccountLink } from '@/lib/auth/account-links';
import { currentUser } from '@/lib/auth/session';
import { deploymentMode } from '@/lib/config/deployment';
import { getDb } from '@/lib/db';
import { jsonError } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';

export const dynamic = 'force-dynamic';

/** Hosted mode: a one-time link (15 minutes) that adds a passkey on another device to the user's account. */
export const POST = routeHandler(async (request: Request): Promise<Response> => {
  if (deploymentMode() !== 'hosted') return jsonError(404, 'This host has no accounts (local mode).');
  const user = await currentUser(request);
  const { token, expiresAt } = await createAccountLink(await getDb(), {
    purpose: 'device',
    userId: user.id,
    createdBy: user.id,
  });
  const url = new URL('/sign-in', originsFor(process.env).host);
  url.searchParams.set('link', token);
  return Response.json(
    { url: url.toString(), expiresAt: expiresAt.toISOString() },
    { status: 201, headers: { 'cache-control': 'no-store' } },
  );
});
