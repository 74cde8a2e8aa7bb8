import type { ReactNode } from 'react';
import { AppShell } from '@/components/chat/app-shell';
import { currentUser } from '@/lib/auth/session';
import { deploymentMode } from '@/lib/config/deployment';

export default async function ChatLayout({ children }: { children: ReactNode }) {
  const account = deploymentMode() === 'hosted' ? { name: (await currentUser()).displayName } : undefined;
  return <AppShell account={account}>{children}</AppShell>;
}
