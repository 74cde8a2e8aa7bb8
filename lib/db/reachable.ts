import 'server-only';
import { sql } from 'kysely';
import { asHostError, type HostError, unavailablePartOf } from '../http/host-errors';
import { getDb } from './index';

/**
 * Why a failure that hid its cause happened, when the database is the reason: a library that
 * reads the database for the host (the sign-in session lookup) reports its own error without the
 * connection error under it. One cheap query tells: the database's 503 if it cannot be reached,
 * else null and the caller keeps the error it had.
 */
export async function databaseAwayError(): Promise<HostError | null> {
  try {
    await sql`select 1`.execute(await getDb());
    return null;
  } catch (error) {
    return unavailablePartOf(error) === 'database' ? asHostError(error) : null;
  }
}
