import type { Db } from './client';

/**
 * A statement built and named once per database pool, for the reads every screen makes: drizzle
 * builds the SQL once (not per request) and PostgreSQL parses and plans it once per connection.
 * `build` receives the pool and returns the drizzle `.prepare(name)` of one query with placeholders.
 */
export function preparedPerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const byDatabase = new WeakMap<Db, T>();
  return (db) => {
    let prepared = byDatabase.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      byDatabase.set(db, prepared);
    }
    return prepared;
  };
}
