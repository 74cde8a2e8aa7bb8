import { spawnSync } from 'node:child_process';
import { type Browser, type BrowserContext, type BrowserContextOptions, expect } from '@playwright/test';
import { HOSTED_ENV, hostedDatabaseUrl } from '../hosted-env';
import { SignInPage } from '../pages/sign-in-page';
import { virtualAuthenticator } from './webauthn';

/** Runs the operator's `npm run account-link` against the hosted host under test; returns the link. */
export function operatorLink(...args: string[]): { url: string; status: number | null; stderr: string } {
  const run = spawnSync(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', 'scripts/account-link.ts', ...args],
    {
      env: { ...process.env, ...HOSTED_ENV, DATABASE_URL: hostedDatabaseUrl() },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  return { url: run.stdout.trim(), status: run.status, stderr: run.stderr };
}

/** A new browser context (a device) with its own authenticator, signed up through an operator's invitation. */
export async function invitedAccount(
  browser: Browser,
  origin: string,
  name: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ ...options, baseURL: origin });
  const page = await context.newPage();
  await virtualAuthenticator(page);
  const invite = operatorLink('invite');
  expect(invite.status, invite.stderr).toBe(0);
  await page.goto(invite.url);
  const signIn = new SignInPage(page);
  await signIn.signUp(name);
  await expect(signIn.accountName()).toHaveText(name);
  return context;
}
