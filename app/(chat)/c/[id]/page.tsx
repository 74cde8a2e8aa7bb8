import { notFound } from 'next/navigation';
import { Chat } from '@/components/chat/chat';
import { currentUser } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { getConversation } from '@/lib/db/queries/conversations';
import { clientId } from '@/lib/http/ids';
import { chatPageModels } from '@/lib/llm/chat-page-data';
import { openBranch } from '@/lib/llm/message-branch';

export const dynamic = 'force-dynamic';

export default async function ConversationPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ m?: string | string[] }>;
}) {
  const { id } = await params;
  const { m } = await searchParams;
  if (!clientId.safeParse(id).success) notFound();
  const user = await currentUser();
  const db = await getDb();
  const conversation = await getConversation(db, user.id, id);
  if (!conversation) notFound();
  // A turn a crash cut is marked as the conversation is read (interrupted-turns.ts), values
  // withheld from the model come masked until the user reveals them (display-messages.ts). Opened at a
  // message (a search hit), the conversation shows that message's branch (message-branch.ts).
  const at = typeof m === 'string' ? m : null;
  const { messages, tree } = await openBranch(db, user.id, id, at);
  return (
    <Chat
      // Another message of the same conversation opened from a search may be on another branch.
      key={at ? `${id}:${at}` : id}
      id={id}
      isNew={false}
      initialMessages={messages}
      initialTree={tree}
      initialChatMode={conversation.chatMode}
      initialModelId={conversation.modelId}
      {...(await chatPageModels())}
    />
  );
}
