import { sql } from 'kysely';
import { type CreateDbOptions, createDb, type DatabaseLocation, type Db } from '../db/database';
import { SqliteOpenError } from '../db/sqlite-dialect';
import { isDefaultSqlite } from './config';

/** Why the configured database cannot be used, as the one line start-up and the commands print. */
export class DatabaseOpenError extends Error {}

const RESTORE_HINT = 'restore a backup with `npm run restore -- FILE`';

/**
 * Opens the configured database, or throws a DatabaseOpenError naming DATABASE_URL and the path.
 * SQLite is checked (`quick_check`) before anything is served from it: a damaged file is refused.
 */
export async function openDatabase(location: DatabaseLocation, options: CreateDbOptions = {}): Promise<Db> {
  let db: Db;
  try {
    db = createDb(location, { ...options, createSqliteFolder: isDefaultSqlite(location) });
  } catch (error) {
    const hint = error instanceof SqliteOpenError && error.damaged ? `; ${RESTORE_HINT}` : '';
    throw new DatabaseOpenError(`DATABASE_URL: ${(error as Error).message}${hint}`);
  }
  try {
    if (location.engine === 'postgres') {
      await sql`select 1`.execute(db.kysely);
      return db;
    }
    const { rows } = await sql<Record<string, string>>`pragma quick_check`.execute(db.kysely);
    const problems = rows.map((row) => String(Object.values(row)[0]));
    if (problems.length !== 1 || problems[0] !== 'ok') {
      throw new DatabaseOpenError(`DATABASE_URL: ${location.path} is damaged (${problems[0]}); ${RESTORE_HINT}`);
    }
    return db;
  } catch (error) {
    await db.close().catch(() => {});
    if (error instanceof DatabaseOpenError) throw error;
    const where = location.engine === 'sqlite' ? location.path : 'the database';
    const damaged = /malformed|not a database|corrupt/i.test((error as Error).message);
    throw new DatabaseOpenError(`DATABASE_URL: cannot open ${where} (${(error as Error).message})${damaged ? `; ${RESTORE_HINT}` : ''}`);
  }
}
