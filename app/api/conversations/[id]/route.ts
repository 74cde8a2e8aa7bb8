import { z } from 'zod';
import { currentUser } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { deleteConversation, getConversation, updateConversation } from '@/lib/db/queries/conversations';
import { clientId } from '@/lib/http/ids';
import { jsonError, readJson } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';
import { displayMessages } from '@/lib/llm/display-messages';
import { CHAT_MODES } from '@/lib/mcplet/chat-mode';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

const patchSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, 'the title is empty')
      .max(120, 'the title is longer than 120 characters')
      .optional(),
    chatMode: z.enum(CHAT_MODES).optional(),
  })
  .strict();

async function owned(request: Request, context: Context) {
  const { id } = await context.params;
  if (!clientId.safeParse(id).success) return null;
  const user = await currentUser(request);
  return { id, user, db: await getDb() };
}

export const GET = routeHandler(async (request: Request, context: Context) => {
  const found = await owned(request, context);
  const conversation = found && (await getConversation(found.db, found.user.id, found.id));
  if (!found || !conversation) return jsonError(404, 'This conversation does not exist.');
  // A turn a crash cut is marked as the conversation is read (interrupted-turns.ts); values
  // withheld from the model come masked until the user reveals them (display-messages.ts).
  const messages = await displayMessages(found.db, found.user.id, found.id);
  return Response.json({ conversation, messages });
});

export const PATCH = routeHandler(async (request: Request, context: Context) => {
  const found = await owned(request, context);
  if (!found) return jsonError(404, 'This conversation does not exist.');
  const body = await readJson(request, 10_000);
  if (!body.ok) return body.response;
  const parsed = patchSchema.safeParse(body.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return jsonError(
      400,
      `Cannot update the conversation: ${issue?.path.join('.') || 'body'} ${issue?.message ?? ''}`.trim(),
    );
  }
  const updated = await updateConversation(found.db, found.user.id, found.id, parsed.data);
  if (!updated) return jsonError(404, 'This conversation does not exist.');
  return Response.json({ conversation: await getConversation(found.db, found.user.id, found.id) });
});

export const DELETE = routeHandler(async (request: Request, context: Context) => {
  const found = await owned(request, context);
  if (!found || !(await deleteConversation(found.db, found.user.id, found.id))) {
    return jsonError(404, 'This conversation does not exist.');
  }
  return new Response(null, { status: 204 });
});
