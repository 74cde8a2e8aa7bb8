import { originsFor } from '../lib/apps/origins';
import { createAccountLink, LINK_TTL_MS } from '../lib/auth/account-links';
import { deploymentMode, deploymentProblems } from '../lib/config/deployment';
import { LOCAL_USER_ID, openDb } from '../lib/db/connect';

/**
 * The operator's one-time links in hosted mode, printed, never sent:
 *   npm run account-link -- invite              an invitation to create an account (7 days)
 *   npm run account-link -- recovery <user>     a recovery link for a user who lost every passkey
 *                                               (24 hours; <user> is the id, or the exact name)
 */
function fail(message: string): never {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
}

const [purpose, who] = process.argv.slice(2);
if (purpose !== 'invite' && purpose !== 'recovery')
  fail('Usage: npm run account-link -- invite | recovery <user id or name>');
if (deploymentMode() !== 'hosted') fail('Account links exist in hosted mode only (AUTH_MODE=passkey).');
const problems = deploymentProblems(process.env);
if (problems.length > 0) fail(problems.join('\n  '));

const db = await openDb({ databaseUrl: process.env.DATABASE_URL });
try {
  let userId: string | undefined;
  if (purpose === 'recovery') {
    if (!who) fail('Name the user: npm run account-link -- recovery <user id or name>');
    const users = await db
      .selectFrom('users')
      .select(['id', 'display_name'])
      .where((eb) => eb.or([eb('id', '=', who), eb('display_name', '=', who)]))
      .where('id', '!=', LOCAL_USER_ID)
      .execute();
    if (users.length === 0) fail(`No user has the id or name "${who}".`);
    if (users.length > 1)
      fail(`${users.length} users are named "${who}"; give the id: ${users.map((u) => u.id).join(', ')}`);
    userId = users[0]?.id;
  }
  const link = await createAccountLink(db, {
    purpose: purpose === 'invite' ? 'invitation' : 'recovery',
    ...(userId ? { userId } : {}),
    createdBy: 'operator',
  });
  const url = new URL('/sign-in', originsFor(process.env).host);
  url.searchParams.set(purpose === 'invite' ? 'invite' : 'link', link.token);
  const hours = LINK_TTL_MS[purpose === 'invite' ? 'invitation' : 'recovery'] / 3600_000;
  console.log(url.toString());
  console.error(`One use, until ${link.expiresAt.toISOString()} (${hours} hours).`);
} finally {
  await db.destroy();
}
