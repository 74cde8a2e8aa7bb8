import { PasskeyPanel } from '@/components/gate/passkey-panel';
import { AccountSettings } from '@/components/settings/account-settings';
import { ChatPreferences } from '@/components/settings/chat-preferences';
import { RememberedApprovals } from '@/components/settings/remembered-approvals';
import { ThemeChoice } from '@/components/settings/theme-choice';
import { currentUser } from '@/lib/auth/session';
import { deploymentMode } from '@/lib/config/deployment';
import { hostConfig } from '@/lib/config/load';
import { getDb } from '@/lib/db';
import { getUserSettings } from '@/lib/db/queries/user-settings';
import { rulesOf } from '@/lib/gates/approval-rules-api';
import { chatPageModels } from '@/lib/llm/chat-page-data';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Settings · MCPlet Host' };

export default async function SettingsPage() {
  const user = await currentUser();
  const [rules, settings, { models }] = await Promise.all([
    rulesOf(user.id),
    getUserSettings(await getDb(), user.id),
    chatPageModels(),
  ]);
  return (
    <main className="min-h-0 flex-1 overflow-y-auto">
      <div className="mx-auto flex max-w-5xl flex-col gap-2 p-4">
        <h1 className="text-lg font-semibold">Settings</h1>
        <section aria-labelledby="chat-settings-title" className="mb-4">
          <h2 id="chat-settings-title" className="mt-4 mb-2 text-base font-semibold">
            Chat
          </h2>
          <ChatPreferences initial={settings} models={models} hostTitles={hostConfig().chat.generateTitles} />
        </section>
        <section aria-labelledby="appearance-title" className="mb-4">
          <h2 id="appearance-title" className="mb-2 text-base font-semibold">
            Appearance
          </h2>
          <ThemeChoice />
        </section>
        {/* Action passkeys (spec 7): the same panel as on the action log. */}
        <PasskeyPanel />
        {deploymentMode() === 'hosted' ? <AccountSettings name={user.displayName} /> : null}
        <section aria-labelledby="approvals-title">
          <h2 id="approvals-title" className="mt-4 text-base font-semibold">
            Remembered approvals
          </h2>
          <p className="mb-4 text-sm text-muted">
            Confirmations you chose to remember: calls of these tools run without asking, in the scope shown.
            A rule ends when the tool&apos;s definition changes, and a &quot;while this view is open&quot;
            rule when its view closes. Passkey and review steps are never remembered. Revoke a rule and the
            next call asks again.
          </p>
          <RememberedApprovals initial={rules} />
        </section>
      </div>
    </main>
  );
}
