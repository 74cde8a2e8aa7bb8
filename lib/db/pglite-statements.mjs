// Plain JavaScript: the database thread (pglite-thread-worker.mjs) imports it by path, unbundled.
import { protocol } from '@electric-sql/pglite';

const { serialize } = protocol;

/** The statements kept prepared at most; the least recently run is closed first. */
export const KEPT_STATEMENTS = 100;

/** Statements that run as a named prepared statement; anything else (DDL, begin, set) goes to `query`. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** The commands whose counts PGlite's `query` adds to `affectedRows`. */
const COUNTED = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/**
 * PostgreSQL's answers that a kept statement no longer fits: its result type changed under it
 * (0A000, after a table changed), or it is gone (26000, after DEALLOCATE).
 */
const STALE = new Set(['0A000', '26000']);

/** Names unique in the process: two runners on one database never take each other's. */
let named = 0;

function joined(parts) {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * PGlite's `query` sends a statement in six calls into PostgreSQL (parse, describe, bind,
 * describe, execute, sync), and PostgreSQL parses and plans it each time: about 0.3 ms of the
 * database thread for each of a chat turn's statements. This runs the same statement as a named
 * prepared statement, parsed and described once, then each run one call (bind, execute, sync),
 * about a third of that. Its answer is `query`'s: the same values parsed the same way, the same
 * `affectedRows`, the same errors. It takes PGlite's query lock, so it never splits `query`'s calls.
 */
export function statementRunner(db, { kept = KEPT_STATEMENTS } = {}) {
  /** SQL text -> { name, paramTypes, fields }, least recently run first. */
  const statements = new Map();

  // A close that fails (in a failed transaction) leaves a statement nobody runs; it is not an error of the caller's.
  const close = (names) =>
    db.execProtocol(
      joined([...names.map((name) => serialize.close({ type: 'S', name })), serialize.sync()]),
      { throwOnError: false },
    );

  const closeUnused = async () => {
    const closing = [];
    while (statements.size > kept) {
      const [sql, entry] = statements.entries().next().value;
      statements.delete(sql);
      closing.push(entry.name);
    }
    if (closing.length > 0) await close(closing);
  };

  const prepare = async (sql) => {
    const name = `mcplet_${++named}`;
    const { messages } = await db.execProtocol(
      joined([
        serialize.parse({ name, text: sql }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
    );
    const params = messages.find((m) => m.name === 'parameterDescription');
    const rows = messages.find((m) => m.name === 'rowDescription');
    const entry = {
      name,
      paramTypes: params ? params.dataTypeIDs : [],
      fields: rows ? rows.fields.map((f) => ({ name: f.name, type: f.dataTypeID })) : [],
    };
    statements.set(sql, entry);
    await closeUnused();
    return entry;
  };

  const run = async (entry, params) => {
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = db.serializers[entry.paramTypes[i]];
      return serializer ? serializer(value) : value.toString();
    });
    const { messages } = await db.execProtocol(
      joined([serialize.bind({ statement: entry.name, values }), serialize.execute({}), serialize.sync()]),
    );
    const rows = [];
    let affectedRows = 0;
    for (const message of messages) {
      if (message.name === 'dataRow') {
        const row = {};
        message.fields.forEach((text, i) => {
          const field = entry.fields[i];
          const parser = db.parsers[field.type];
          row[field.name] = text === null ? null : parser ? parser(text, field.type) : text;
        });
        rows.push(row);
      } else if (message.name === 'commandComplete') {
        const words = message.text.split(' ');
        const count = Number.parseInt(words[words.length - 1], 10);
        if (COUNTED.has(words[0]) && !Number.isNaN(count)) affectedRows += count;
      }
    }
    return { rows, affectedRows };
  };

  const withQuery = (error, sql, params) => {
    if (error && typeof error === 'object') Object.assign(error, { query: sql, params });
    return error;
  };

  async function query(sql, params = []) {
    if (!PREPARABLE.test(sql)) return db.query(sql, params);
    const outcome = await db.runExclusive(async () => {
      let entry = statements.get(sql);
      try {
        if (entry) {
          statements.delete(sql);
          statements.set(sql, entry);
        } else entry = await prepare(sql);
        return { result: await run(entry, params) };
      } catch (error) {
        if (entry && STALE.has(error?.code)) {
          statements.delete(sql);
          await close([entry.name]);
          return { stale: true };
        }
        throw withQuery(error, sql, params);
      }
    });
    // A stale statement runs once through `query` (which plans it afresh); the next run prepares it again.
    return outcome.stale ? db.query(sql, params) : outcome.result;
  }

  return { query, close: () => db.close() };
}
