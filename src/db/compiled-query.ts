import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import type { Executor } from './executor';

/** Stands in for a value while the query is built; its name says which value takes its place on each run. */
class Slot {
  constructor(readonly name: string) {}
}

/**
 * A query Kysely builds and compiles once per engine, then runs with each call's values. Building a Kysely query costs more than SQLite
 * takes to run the small ones of a booking's transaction (docs/decisions/0048). `build` reads its values from `slots` and must give the
 * query one shape whatever the values: only where they go, never whether a clause is there.
 */
export function compiledQuery<Values extends Record<string, unknown>, Row>(
  build: (db: Executor, slots: Readonly<Values>) => Compilable<Row>,
): (db: Executor, values: Values) => Promise<QueryResult<Row>> {
  const byAdapter = new WeakMap<object, CompiledQuery<Row>>();
  const slots = new Proxy({}, { get: (_target, name) => new Slot(String(name)) }) as Readonly<Values>;
  return async (db, values) => {
    const adapter = db.getExecutor().adapter;
    let compiled = byAdapter.get(adapter);
    if (!compiled) {
      compiled = build(db, slots).compile();
      byAdapter.set(adapter, compiled);
    }
    const parameters = compiled.parameters.map((parameter) => (parameter instanceof Slot ? slotValue(values, parameter.name) : parameter));
    return db.executeQuery<Row>({ ...compiled, parameters });
  };
}

function slotValue(values: Record<string, unknown>, name: string): unknown {
  const value = values[name];
  // A missing value would bind as NULL on one engine and fail on the other.
  if (value === undefined) throw new Error(`compiledQuery: no value for '${name}'`);
  return value;
}
