import { currentUser } from '@/lib/auth/session';
import { attachmentResponse } from '@/lib/chat/attachment-response';
import { getDb } from '@/lib/db';
import { userAttachments } from '@/lib/db/queries/attachments';
import { jsonError } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** A file attached to one of the user's messages; another user's reads as not found. */
export const GET = routeHandler(async (request: Request, context: Context) => {
  const { id } = await context.params;
  const user = await currentUser(request);
  const found = (await userAttachments(await getDb(), user.id, [id])).get(id);
  if (!found) return jsonError(404, 'This attachment does not exist.');
  return attachmentResponse(found);
});
