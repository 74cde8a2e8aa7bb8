import 'server-only';
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthEndpoint, sessionMiddleware } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { sql } from 'kysely';
import type { Db } from '../db';
import { lockUserRow } from '../db/queries/user-lock';
import { rotationDue } from './rotation-rule';

/** How long a replaced token still signs in: requests already under way when it was replaced. */
export const ROTATION_GRACE_MS = 60_000;

/** The session that replaced `token`, if it was replaced (`auth_sessions.rotated_to`). */
async function successorOf(db: Db, token: string): Promise<string | null> {
  const row = await sql<{ rotated_to: string | null }>`
    select rotated_to from auth_sessions where token = ${token}`.execute(db);
  return row.rows[0]?.rotated_to ?? null;
}

/**
 * One rotation per token however many requests race for it: the first to mark the old token
 * replaced wins, and the old token's expiry is cut to the grace period. A successor that a
 * revocation ended between its creation and this claim is not handed out.
 */
export async function claimRotation(
  db: Db,
  userId: string,
  token: string,
  successor: string,
): Promise<boolean> {
  const graceEnds = new Date(Date.now() + ROTATION_GRACE_MS);
  return db.transaction().execute(async (trx) => {
    await lockUserRow(trx, userId);
    const result = await sql`
      update auth_sessions set rotated_to = ${successor}, expires_at = least(expires_at, ${graceEnds})
      where token = ${token} and rotated_to is null
        and exists (select 1 from auth_sessions where token = ${successor})`.execute(trx);
    return Number(result.numAffectedRows ?? 0) === 1;
  });
}

/**
 * Signing out with one token of a rotation chain ends the whole chain: the token, the tokens it
 * replaced (each in its grace period) and the ones that replaced it (a new cookie the browser may
 * never have got). A rotation racing the sign-out finds its token gone and hands out nothing.
 */
export async function endRotationChain(db: Db, userId: string, token: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockUserRow(trx, userId);
    await sql`
      with recursive
        replaced(token) as (
          select token from auth_sessions where rotated_to = ${token}
          union
          select s.token from auth_sessions s join replaced r on s.rotated_to = r.token
        ),
        successors(token) as (
          select rotated_to from auth_sessions where token = ${token} and rotated_to is not null
          union
          select s.rotated_to from auth_sessions s join successors n on s.token = n.token
          where s.rotated_to is not null
        )
      delete from auth_sessions
      where user_id = ${userId}
        and (token = ${token} or token in (select token from replaced union select token from successors))`.execute(
      trx,
    );
  });
}

/** The token a rotation chain ends in: `token` itself unless it was replaced (and so on). */
export async function liveEndOf(db: Db, token: string): Promise<string> {
  const row = await sql<{ token: string }>`
    with recursive chain(token, depth) as (
      select ${token}::text, 0
      union all
      select s.rotated_to, c.depth + 1 from auth_sessions s join chain c on s.token = c.token
      where s.rotated_to is not null and c.depth < 100
    )
    select token from chain order by depth desc limit 1`.execute(db);
  return row.rows[0]?.token ?? token;
}

/**
 * "Sign out everywhere else": every session of the user ends but the one asking and, when rotation
 * has just replaced its token (the request left before the new cookie arrived), the session that
 * replaced it, which the browser now holds. Better Auth's own endpoint would keep the dying token
 * and end its successor, and a rotation running meanwhile could hand out a session it had just
 * ended; under the user's lock neither happens.
 */
export async function revokeOthersKeepingChain(db: Db, userId: string, token: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockUserRow(trx, userId);
    const live = await liveEndOf(trx, token);
    // The kept token names its live successor directly, so signing out with it still ends both.
    if (live !== token)
      await sql`update auth_sessions set rotated_to = ${live} where token = ${token}`.execute(trx);
    await sql`
      delete from auth_sessions where user_id = ${userId} and token <> ${token} and token <> ${live}`.execute(
      trx,
    );
  });
}

/**
 * Session rotation, which Better Auth does not do (it extends a token's expiry and
 * keeps the token). A session older than `rotateAfterMs` gets a new token (a new session with a full
 * lifetime) in its cookie; the old one is marked replaced and lives on only for the grace period,
 * during which presenting it hands out its successor's cookie again. The proxy calls this endpoint
 * on requests whose session is due (`rotationDue`).
 */
export function sessionRotation(db: Db, rotateAfterMs: number) {
  return {
    id: 'mcplet-session-rotation',
    endpoints: {
      rotateSession: createAuthEndpoint(
        '/session/rotate',
        { method: 'POST', use: [sessionMiddleware] },
        async (ctx) => {
          const { session, user } = ctx.context.session;
          const replacedBy = await successorOf(db, session.token);
          const due = rotationDue(
            { createdAt: new Date(session.createdAt).getTime(), replaced: replacedBy !== null },
            Date.now(),
            rotateAfterMs,
          );
          if (due === 'none') return ctx.json({ rotated: false });
          let successor = replacedBy;
          if (due === 'rotate') {
            const fresh = await ctx.context.internalAdapter.createSession(user.id);
            if (await claimRotation(db, user.id, session.token, fresh.token)) {
              await setSessionCookie(ctx, { session: fresh, user });
              return ctx.json({ rotated: true });
            }
            // Another request rotated it first: its successor is the one to hand out.
            await ctx.context.internalAdapter.deleteSession(fresh.token);
            successor = await successorOf(db, session.token);
          }
          const found = successor ? await ctx.context.internalAdapter.findSession(successor) : null;
          if (!found) return ctx.json({ rotated: false });
          await setSessionCookie(ctx, found);
          return ctx.json({ rotated: true });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
