/**
 * Queries on a request's hot path, built once per database instead of once per call: building a
 * query in drizzle (its SQL text, its column mapping) cost more than running it. On PostgreSQL the
 * name also makes it a prepared statement on each pooled connection, parsed there once.
 * Values go in as `sql.placeholder(...)`: a placeholder skips drizzle's column encoders, so a
 * time is passed as an ISO string.
 */
import type { Db } from './database';

export function preparedFor<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
