import { chatPageModels } from '@/lib/llm/chat-page-data';

export const dynamic = 'force-dynamic';

export async function GET() {
  return Response.json(await chatPageModels());
}
