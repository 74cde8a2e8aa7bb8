import { randomUUID } from 'node:crypto';
import { Chat } from '@/components/chat/chat';
import { currentUser } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { getUserSettings } from '@/lib/db/queries/user-settings';
import { chatPageModels } from '@/lib/llm/chat-page-data';

export const dynamic = 'force-dynamic';

export default async function NewChatPage() {
  const id = randomUUID();
  const user = await currentUser();
  const settings = await getUserSettings(await getDb(), user.id);
  return (
    <Chat
      key={id}
      id={id}
      isNew
      initialMessages={[]}
      initialChatMode={null}
      initialModelId={null}
      {...(await chatPageModels(settings.defaultModelId))}
    />
  );
}
