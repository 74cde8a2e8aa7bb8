import 'server-only';
import { randomUUID } from 'node:crypto';
import { passkey } from '@better-auth/passkey';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { hostConfig } from '../config/load';
import { type Db, getDb } from '../db';
import { consumeAccountLink, peekAccountLink } from './account-links';
import { removeSignInPasskey } from './passkey-removal';
import { parseRegistrationContext, registrationDecision } from './registration-context';
import { endRotationChain, revokeOthersKeepingChain, sessionRotation } from './session-rotation';

async function userExists(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Removing the account's only passkey would leave no way to sign in but an operator's recovery link. */
export const LAST_PASSKEY_REFUSAL =
  'This is your only passkey: add another before you remove it, or you could not sign in again.';

/**
 * Sign-in sessions last a week; an active one gets a new token (a new week) once it is older than
 * `SESSION_ROTATE_SECONDS` (12 hours unless set), which replaces Better Auth's own extension.
 */
const SESSION_SECONDS = 7 * 24 * 3600;

export function rotateAfterMs(env = process.env): number {
  const seconds = Number(env.SESSION_ROTATE_SECONDS ?? 12 * 3600);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 12 * 3600_000;
}

function publicOrigin(env = process.env): string {
  return (env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT ?? '3000'}`).replace(/\/+$/, '');
}

async function createAuth(env = process.env) {
  const db = await getDb();
  const origin = publicOrigin(env);
  const secure = origin.startsWith('https://');
  return betterAuth({
    appName: env.PASSKEY_RP_NAME ?? 'MCPlet Host',
    baseURL: origin,
    basePath: '/api/auth',
    secret: env.AUTH_SECRET,
    trustedOrigins: [origin],
    telemetry: { enabled: false },
    database: { db, type: 'postgres' },
    emailAndPassword: { enabled: false },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-out') {
          const session = await getSessionFromCtx(ctx);
          if (session) await endRotationChain(db, session.user.id, session.session.token);
          return;
        }
        if (ctx.path === '/revoke-other-sessions') {
          const session = await getSessionFromCtx(ctx);
          if (!session) return;
          await revokeOthersKeepingChain(db, session.user.id, session.session.token);
          return ctx.json({ status: true });
        }
        if (ctx.path !== '/passkey/delete-passkey') return;
        const session = await getSessionFromCtx(ctx);
        const id: unknown = ctx.body?.id;
        // Without a session, or a passkey of the user's, the endpoint answers as it does; with one, the
        // host removes it, never the last, even when two removals race (passkey-removal.ts).
        if (!session || typeof id !== 'string') return;
        const removal = await removeSignInPasskey(db, session.user.id, id);
        if (removal === 'last') throw new APIError('BAD_REQUEST', { message: LAST_PASSKEY_REFUSAL });
        if (removal === 'removed') return ctx.json({ status: true });
      }),
    },
    user: {
      modelName: 'users',
      fields: {
        name: 'display_name',
        email: 'email',
        emailVerified: 'email_verified',
        image: 'image',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
    },
    session: {
      modelName: 'auth_sessions',
      expiresIn: SESSION_SECONDS,
      // Rotation gives an active session its new lifetime (session-rotation.ts); extending a token
      // in place would also extend one rotation has replaced.
      disableSessionRefresh: true,
      fields: {
        userId: 'user_id',
        token: 'token',
        expiresAt: 'expires_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
    },
    account: {
      modelName: 'auth_accounts',
      fields: {
        userId: 'user_id',
        accountId: 'account_id',
        providerId: 'provider_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        scope: 'scope',
        password: 'password',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
    },
    verification: {
      modelName: 'auth_verifications',
      fields: {
        identifier: 'identifier',
        value: 'value',
        expiresAt: 'expires_at',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
    },
    advanced: {
      cookiePrefix: 'mcplet',
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
      database: { generateId: () => randomUUID() },
    },
    plugins: [
      sessionRotation(db, rotateAfterMs(env)),
      passkey({
        rpID: env.PASSKEY_RP_ID ?? new URL(origin).hostname,
        rpName: env.PASSKEY_RP_NAME ?? 'MCPlet Host',
        origin,
        // Discoverable credentials with user verification: sign-in needs no name.
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        registration: {
          // Without a session a registration creates an account (open sign-up or an invitation) or
          // adds a passkey to one through its one-time link; signed in, it adds another passkey.
          requireSession: false,
          resolveUser: async ({ context }) => {
            const parsed = parseRegistrationContext(context);
            if (!parsed.ok) throw new APIError('BAD_REQUEST', { message: parsed.error });
            const token = 'link' in parsed.context ? parsed.context.link : parsed.context.invite;
            const link = token ? await peekAccountLink(db, token) : null;
            const decision = registrationDecision(hostConfig().auth.signUp, parsed.context, link);
            if (!decision.ok) throw new APIError('FORBIDDEN', { message: decision.error });
            const id = decision.kind === 'existing-account' ? decision.userId : randomUUID();
            return { id, name: decision.name, displayName: decision.name };
          },
          afterVerification: async ({ verification, user, context, ctx }) => {
            if (!verification.registrationInfo?.userVerified)
              throw new APIError('BAD_REQUEST', {
                message: 'The passkey did not verify you (PIN or biometrics); try again.',
              });
            // A passkey added while signed in is the session user's: no context, no account made.
            if (!context) return;
            const parsed = parseRegistrationContext(context);
            if (!parsed.ok) throw new APIError('BAD_REQUEST', { message: parsed.error });
            const token = 'link' in parsed.context ? parsed.context.link : parsed.context.invite;
            const link = token ? await peekAccountLink(db, token) : null;
            // Signed in, the plugin registers for the session's user: a link or an invitation meant
            // for someone (or something) else is refused, and kept for its rightful use.
            if ('link' in parsed.context ? link?.userId !== user.id : await userExists(db, user.id))
              throw new APIError('FORBIDDEN', {
                message: 'You are signed in to another account: sign out first, then open the link again.',
              });
            // One use per link, however many registrations race for it.
            if (token && !(await consumeAccountLink(db, token)))
              throw new APIError('FORBIDDEN', {
                message: 'This link has expired or was already used; ask for a new one.',
              });
            if ('link' in parsed.context) {
              // Recovery: whoever still holds one of the user's sessions is signed out.
              if (link?.purpose === 'recovery') await ctx.context.internalAdapter.deleteUserSessions(user.id);
              return { userId: user.id };
            }
            await db
              .insertInto('users')
              .values({
                id: user.id,
                display_name: user.displayName ?? user.name,
                email: `${user.id}@users.invalid`,
              })
              .onConflict((oc) => oc.column('id').doNothing())
              .execute();
            return { userId: user.id };
          },
        },
        authentication: {
          afterVerification: ({ verification }) => {
            if (!verification.authenticationInfo.userVerified)
              throw new APIError('UNAUTHORIZED', {
                message: 'The passkey did not verify you (PIN or biometrics); try again.',
              });
          },
        },
        schema: {
          passkey: {
            modelName: 'auth_passkeys',
            fields: {
              name: 'name',
              publicKey: 'public_key',
              userId: 'user_id',
              credentialID: 'credential_id',
              counter: 'counter',
              deviceType: 'device_type',
              backedUp: 'backed_up',
              transports: 'transports',
              createdAt: 'created_at',
              aaguid: 'aaguid',
            },
          },
        },
      }),
    ],
  });
}

export type HostAuth = Awaited<ReturnType<typeof createAuth>>;

const holder = globalThis as unknown as { __mcpletAuth?: Promise<HostAuth> };

/** Hosted mode's sign-in (Better Auth with its passkey plugin), one per process. */
export function getAuth(): Promise<HostAuth> {
  if (!holder.__mcpletAuth) {
    holder.__mcpletAuth = createAuth().catch((error: unknown) => {
      holder.__mcpletAuth = undefined;
      throw error;
    });
  }
  return holder.__mcpletAuth;
}
