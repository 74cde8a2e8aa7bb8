import { notFound } from 'next/navigation';
import { Chat } from '@/components/chat/chat';
import { currentUser } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { getConversation } from '@/lib/db/queries/conversations';
import { listMessages } from '@/lib/db/queries/messages';
import { clientId } from '@/lib/http/ids';
import { chatPageModels } from '@/lib/llm/chat-page-data';

export const dynamic = 'force-dynamic';

export default async function ConversationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!clientId.safeParse(id).success) notFound();
  const user = await currentUser();
  const db = await getDb();
  const conversation = await getConversation(db, user.id, id);
  if (!conversation) notFound();
  const messages = await listMessages(db, user.id, id);
  return (
    <Chat
      key={id}
      id={id}
      isNew={false}
      initialMessages={messages}
      initialChatMode={conversation.chatMode}
      initialModelId={conversation.modelId}
      {...(await chatPageModels())}
    />
  );
}
