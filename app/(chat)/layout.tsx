import type { ReactNode } from 'react';
import { SandboxWarmup } from '@/components/apps/sandbox-warmup';
import { AppShell } from '@/components/chat/app-shell';
import { originsFor } from '@/lib/apps/origins';
import { sandboxWarmupUrl } from '@/lib/apps/sandbox-warmup';
import { currentUser } from '@/lib/auth/session';
import { deploymentMode } from '@/lib/config/deployment';

export default async function ChatLayout({ children }: { children: ReactNode }) {
  const account = deploymentMode() === 'hosted' ? { name: (await currentUser()).displayName } : undefined;
  return (
    <>
      <AppShell account={account}>{children}</AppShell>
      <SandboxWarmup url={sandboxWarmupUrl(originsFor(process.env).sandboxPattern)} />
    </>
  );
}
