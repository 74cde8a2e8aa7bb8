import { redirect } from 'next/navigation';
import { SignInPanel } from '@/components/auth/sign-in-panel';
import { safeNextPath } from '@/lib/auth/next-path';
import { deploymentMode } from '@/lib/config/deployment';

export const dynamic = 'force-dynamic';

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  if (deploymentMode() !== 'hosted') redirect('/');
  const { next } = await searchParams;
  return (
    <main className="flex min-h-dvh items-center justify-center bg-bg p-4">
      <SignInPanel next={safeNextPath(next)} />
    </main>
  );
}
