import { currentUser } from '@/lib/auth/session';
import { readJson } from '@/lib/http/json';
import { handleChatRequest } from '@/lib/llm/chat-handler';

export const dynamic = 'force-dynamic';
export const maxDuration = 300;

export async function POST(request: Request) {
  const body = await readJson(request);
  if (!body.ok) return body.response;
  return handleChatRequest(body.value, await currentUser(request));
}
