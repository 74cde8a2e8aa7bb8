import 'server-only';
import { sql } from 'kysely';
import { resolveSettings, type UserSettings, type UserSettingsPatch } from '../../settings/user-settings';
import type { Db } from '../connect';

/** The user's settings, defaults filled in (a user who never saved any has none stored). */
export async function getUserSettings(db: Db, userId: string): Promise<UserSettings> {
  const row = await db
    .selectFrom('user_settings')
    .select('settings')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return resolveSettings(row?.settings);
}

/**
 * Merges a checked patch into the user's settings and returns the result. The merge is the
 * database's (jsonb `||`) in one statement, so two tabs saving different fields at once both keep
 * their field.
 */
export async function saveUserSettings(
  db: Db,
  userId: string,
  patch: UserSettingsPatch,
): Promise<UserSettings> {
  const changes = JSON.stringify(patch);
  const row = await db
    .insertInto('user_settings')
    .values({ user_id: userId, settings: changes })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        settings: sql<string>`user_settings.settings || excluded.settings`,
        updated_at: new Date(),
      }),
    )
    .returning('settings')
    .executeTakeFirstOrThrow();
  return resolveSettings(row.settings);
}
