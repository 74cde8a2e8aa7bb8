import type { PGlite } from '@electric-sql/pglite';
import type { PgliteLike } from './pglite-thread';

export declare const KEPT_STATEMENTS: number;

/** PGlite's queries as named prepared statements (pglite-statements.mjs says why). */
export declare function statementRunner(db: PGlite, options?: { kept?: number }): PgliteLike;
