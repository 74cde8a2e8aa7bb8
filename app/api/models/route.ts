import { routeHandler } from '@/lib/http/route-handler';
import { chatPageModels } from '@/lib/llm/chat-page-data';

export const dynamic = 'force-dynamic';

export const GET = routeHandler(async () => {
  return Response.json(await chatPageModels());
});
