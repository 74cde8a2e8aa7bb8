import { randomUUID } from 'node:crypto';
import { Chat } from '@/components/chat/chat';
import { chatPageModels } from '@/lib/llm/chat-page-data';

export const dynamic = 'force-dynamic';

export default async function NewChatPage() {
  const id = randomUUID();
  return (
    <Chat
      key={id}
      id={id}
      isNew
      initialMessages={[]}
      initialChatMode={null}
      initialModelId={null}
      {...(await chatPageModels())}
    />
  );
}
