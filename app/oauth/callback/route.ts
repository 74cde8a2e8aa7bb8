import { originsFor } from '@/lib/apps/origins';
import { currentUser } from '@/lib/auth/session';
import { routeHandler } from '@/lib/http/route-handler';
import { getRegistry } from '@/lib/mcp/host-registry';
import { SignInError } from '@/lib/mcp/oauth/server-oauth';

export const dynamic = 'force-dynamic';

function back(path: string, outcome: Record<string, string>): Response {
  const url = new URL(path, originsFor(process.env).host);
  for (const [key, value] of Object.entries(outcome)) url.searchParams.set(key, value);
  return new Response(null, { status: 303, headers: { location: url.href, 'cache-control': 'no-store' } });
}

/** The authorization server sends the browser back here; the code never reaches a page. */
export const GET = routeHandler(async (request: Request) => {
  const registry = await getRegistry();
  if (!registry.oauth) return back('/preview', { signin: 'error', message: 'Sign-in is not available.' });
  const user = await currentUser(request);
  try {
    const done = await registry.oauth.finish(user.id, new URL(request.url).searchParams, (id) =>
      registry.getFor(id, user.id),
    );
    return back(
      done.returnTo,
      done.error
        ? { signin: 'error', server: done.serverId, message: done.error }
        : { signin: 'ok', server: done.serverId },
    );
  } catch (error) {
    if (error instanceof SignInError) return back('/preview', { signin: 'error', message: error.message });
    throw error;
  }
});
