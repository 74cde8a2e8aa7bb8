import { currentUser } from '@/lib/auth/session';
import { chatBodyLimit } from '@/lib/chat/attachment-rules';
import { hostConfig } from '@/lib/config/load';
import { readJson } from '@/lib/http/json';
import { openLane } from '@/lib/http/lane';
import { routeHandler } from '@/lib/http/route-handler';
import { overUserLimit } from '@/lib/limits/user-limits';
import { handleChatRequest } from '@/lib/llm/chat-handler';
import { withRequestContext } from '@/lib/log/request-context';

export const dynamic = 'force-dynamic';
export const maxDuration = 300;

export const POST = routeHandler(async (request: Request) => {
  // Room for the message's attached files (base64 in the body), within the host's limits.
  const body = await readJson(request, chatBodyLimit(hostConfig().attachments));
  if (!body.ok) return body.response;
  const user = await currentUser(request);
  const over = await overUserLimit('chat-turn', user.id);
  if (over) return over;
  // The turn runs on after this answer; its log lines keep the request's id.
  return withRequestContext(request, user.id, () => handleChatRequest(body.value, user));
});

openLane('POST', '/api/chat', POST);
