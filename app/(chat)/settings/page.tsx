import { AccountSettings } from '@/components/settings/account-settings';
import { RememberedApprovals } from '@/components/settings/remembered-approvals';
import { currentUser } from '@/lib/auth/session';
import { deploymentMode } from '@/lib/config/deployment';
import { rulesOf } from '@/lib/gates/approval-rules-api';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Settings · MCPlet Host' };

export default async function SettingsPage() {
  const user = await currentUser();
  const rules = await rulesOf(user.id);
  return (
    <main className="min-h-0 flex-1 overflow-y-auto">
      <div className="mx-auto max-w-5xl p-4">
        <h1 className="text-lg font-semibold">Settings</h1>
        {deploymentMode() === 'hosted' ? <AccountSettings name={user.displayName} /> : null}
        <h2 className="mt-4 text-base font-semibold">Remembered approvals</h2>
        <p className="mb-4 text-sm text-muted">
          Confirmations you chose to remember: calls of these tools run without asking, in the scope shown. A
          rule ends when the tool&apos;s definition changes, and a &quot;while this view is open&quot; rule
          when its view closes. Passkey and review steps are never remembered. Revoke a rule and the next call
          asks again.
        </p>
        <RememberedApprovals initial={rules} />
      </div>
    </main>
  );
}
