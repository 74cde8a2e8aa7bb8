import { currentUser } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { getUserSettings, saveUserSettings } from '@/lib/db/queries/user-settings';
import { jsonError, readJson } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';
import { parseSettingsPatch } from '@/lib/settings/user-settings';

export const dynamic = 'force-dynamic';

/** The session user's own settings (lib/settings/user-settings.ts). */
export const GET = routeHandler(async (request: Request) => {
  const user = await currentUser(request);
  return Response.json({ settings: await getUserSettings(await getDb(), user.id) });
});

/** Saves the fields sent; a bad field is refused whole, with what it must be, and nothing is saved. */
export const PATCH = routeHandler(async (request: Request) => {
  const user = await currentUser(request);
  const body = await readJson(request, 20_000);
  if (!body.ok) return body.response;
  const parsed = parseSettingsPatch(body.value);
  if (!parsed.ok) return jsonError(400, parsed.error);
  return Response.json({ settings: await saveUserSettings(await getDb(), user.id, parsed.patch) });
});
