import 'server-only';
import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import type { Db } from './connect';

const MARK = '\u0000mcplet-slot:';

type Parameter<Slot> = { slot: Slot } | { value: unknown };

/**
 * A statement whose shape never changes. Kysely's typed builder writes it once, with a marker in the
 * place of each value, and every run sends the same SQL with that run's values. Building and
 * compiling the statements of each chat turn was about 6% of the server's thread under load.
 * A value that would change the SQL (a list for `in`, a column's name) cannot be a slot. The SQL is
 * compiled once per process, with the first database it runs on: every database here is Kysely's
 * PostgreSQL dialect without plugins, so each compiles the same statement alike.
 */
export function prepared<Slot extends string, Row>(
  build: (db: Db, slot: <T>(name: Slot) => T) => Compilable<Row>,
): (db: Db, values: Record<Slot, unknown>) => Promise<QueryResult<Row>> {
  let statement: { compiled: CompiledQuery<Row>; parameters: Parameter<Slot>[] } | undefined;
  return async (db, values) => {
    statement ??= compile(db, build);
    const parameters = statement.parameters.map((p) => ('slot' in p ? values[p.slot] : p.value));
    // The compiled query with this run's values; its node and id are the first build's (no plugin here keys state by them).
    return db.executeQuery({ ...statement.compiled, parameters });
  };
}

function compile<Slot extends string, Row>(
  db: Db,
  build: (db: Db, slot: <T>(name: Slot) => T) => Compilable<Row>,
): { compiled: CompiledQuery<Row>; parameters: Parameter<Slot>[] } {
  const used = new Set<string>();
  // The marker stands in for a value of any type while the builder runs; only the compiler sees it.
  const slot = <T>(name: Slot): T => {
    used.add(name);
    return `${MARK}${name}` as T;
  };
  const compiled = build(db, slot).compile();
  const parameters = compiled.parameters.map(
    (value): Parameter<Slot> =>
      typeof value === 'string' && value.startsWith(MARK)
        ? { slot: value.slice(MARK.length) as Slot }
        : { value },
  );
  const seen = new Set<string>(parameters.flatMap((p) => ('slot' in p ? [p.slot] : [])));
  for (const name of used)
    if (!seen.has(name)) throw new Error(`prepared statement: slot ${name} did not compile to a parameter`);
  return { compiled, parameters };
}
