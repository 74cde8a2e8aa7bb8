import { notFound } from 'next/navigation';
import { Chat } from '@/components/chat/chat';
import { currentUser } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { getConversation } from '@/lib/db/queries/conversations';
import { clientId } from '@/lib/http/ids';
import { chatPageModels } from '@/lib/llm/chat-page-data';
import { displayMessages } from '@/lib/llm/display-messages';

export const dynamic = 'force-dynamic';

export default async function ConversationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!clientId.safeParse(id).success) notFound();
  const user = await currentUser();
  const db = await getDb();
  const conversation = await getConversation(db, user.id, id);
  if (!conversation) notFound();
  // A turn a crash cut is marked as the conversation is read (interrupted-turns.ts); values
  // withheld from the model come masked until the user reveals them (display-messages.ts).
  const messages = await displayMessages(db, user.id, id);
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
