import { redirect } from 'next/navigation';
import { SignInPanel } from '@/components/auth/sign-in-panel';
import { peekAccountLink } from '@/lib/auth/account-links';
import { safeNextPath } from '@/lib/auth/next-path';
import { deploymentMode } from '@/lib/config/deployment';
import { hostConfig } from '@/lib/config/load';
import { getDb } from '@/lib/db';

export const dynamic = 'force-dynamic';

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string; invite?: string; link?: string }>;
}) {
  if (deploymentMode() !== 'hosted') redirect('/');
  const { next, invite, link } = await searchParams;
  const db = await getDb();
  const joining = link ? await peekAccountLink(db, link) : null;
  const invitation = invite ? await peekAccountLink(db, invite) : null;
  const linkGone =
    (link !== undefined && (!joining || joining.purpose === 'invitation')) ||
    (invite !== undefined && invitation?.purpose !== 'invitation');
  return (
    <main className="flex min-h-dvh items-center justify-center bg-bg p-4">
      <SignInPanel
        next={safeNextPath(next)}
        signUp={hostConfig().auth.signUp}
        invite={invitation?.purpose === 'invitation' ? invite : undefined}
        join={
          link && joining && joining.purpose !== 'invitation'
            ? { token: link, name: joining.userName ?? 'your account', purpose: joining.purpose }
            : undefined
        }
        linkGone={linkGone}
      />
    </main>
  );
}
