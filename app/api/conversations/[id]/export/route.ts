import { currentUser } from '@/lib/auth/session';
import { EXPORT_FORMATS, type ExportFormat } from '@/lib/chat/conversation-export';
import { getDb } from '@/lib/db';
import { clientId } from '@/lib/http/ids';
import { jsonError } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';
import { exportConversation } from '@/lib/llm/conversation-export';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

function isFormat(value: string | null): value is ExportFormat {
  return (EXPORT_FORMATS as readonly (string | null)[]).includes(value);
}

/** GET /api/conversations/[id]/export?format=md|json: the user's own conversation as a download. */
export const GET = routeHandler(async (request: Request, context: Context) => {
  const user = await currentUser(request);
  const { id } = await context.params;
  const format = new URL(request.url).searchParams.get('format') ?? 'md';
  if (!isFormat(format)) return jsonError(400, 'The export format is "md" (Markdown) or "json".');
  const file = clientId.safeParse(id).success
    ? await exportConversation(await getDb(), user.id, id, format)
    : null;
  if (!file) return jsonError(404, 'This conversation does not exist.');
  return new Response(file.body, {
    headers: {
      'content-type': file.contentType,
      'content-disposition': `attachment; filename="${file.fileName}"`,
      'cache-control': 'no-store',
    },
  });
});
