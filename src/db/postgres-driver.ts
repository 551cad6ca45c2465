import { createRequire } from 'node:module';
import type pg from 'pg';

/** `true` in the server's CommonJS bundle only (scripts/build.mjs). */
declare const SERVER_BUNDLE: true | undefined;

/**
 * Loaded with the first PostgreSQL handle: a server on SQLite never evaluates it (30 ms of its
 * start, decision 0040). In the server's bundle `require` is esbuild's: pg travels inside the
 * bundle and its code cache (0047). Elsewhere (sources, the CLI's ES modules) Node resolves it.
 */
export function postgresDriver(): typeof pg {
  return typeof SERVER_BUNDLE === 'undefined' ? createRequire(import.meta.url)('pg') : require('pg');
}
