import { currentUser } from '@/lib/auth/session';
import { activeStreamResponse, resumeActiveStream, stopActiveStream } from '@/lib/llm/active-streams';

export const dynamic = 'force-dynamic';
export const maxDuration = 300;

type Params = { params: Promise<{ id: string }> };

/** The AI SDK's resume: the conversation's running reply from its start, or 204 when none runs. */
export async function GET(request: Request, { params }: Params) {
  const { id } = await params;
  const stream = await resumeActiveStream((await currentUser(request)).id, id);
  if (!stream) return new Response(null, { status: 204 });
  return activeStreamResponse(stream);
}

/** Stop: ends the conversation's running reply (closing the page does not). */
export async function DELETE(request: Request, { params }: Params) {
  const { id } = await params;
  const stopped = await stopActiveStream((await currentUser(request)).id, id);
  return Response.json({ stopped });
}
