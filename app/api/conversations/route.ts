import { currentUser } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { listConversations } from '@/lib/db/queries/conversations';

export const dynamic = 'force-dynamic';

export async function GET(request: Request) {
  const user = await currentUser(request);
  return Response.json({ conversations: await listConversations(await getDb(), user.id) });
}
