import { createRequire } from 'node:module';
import type pg from 'pg';

/** Loaded with the first PostgreSQL handle: a server on SQLite never evaluates it (30 ms of its start, decision 0040). */
export function postgresDriver(): typeof pg {
  return createRequire(import.meta.url)('pg');
}
