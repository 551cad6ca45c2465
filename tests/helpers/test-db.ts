import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { createDb, type DatabaseLocation, type Db, type Engine } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import type { NewUser } from '../../src/server/roster/service';
import { dropPostgresDatabase, postgresUrlFor, testDatabasePrefix, withPostgresAdmin } from './postgres';
import { seedRoster } from './roster';

/** The engine the API tests run on: TEST_DB=postgres, else SQLite. */
export const TEST_ENGINE: Engine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDatabase {
  location: DatabaseLocation;
  /** The DATABASE_URL a server process would be given for it. */
  url: string;
  open(): Db;
  drop(): Promise<void>;
}

const POSTGRES_OBJECT_IN_USE = '55006';

/**
 * A freshly migrated database of its own for one test or file: a copy of the run's template on
 * TEST_ENGINE, so tests never clean up after each other. `roster` is written into it before it is returned.
 */
export async function createTestDatabase({ roster }: { roster?: readonly NewUser[] } = {}): Promise<TestDatabase> {
  return withRoster(await copyTemplate(), roster);
}

async function withRoster(database: TestDatabase, roster: readonly NewUser[] | undefined): Promise<TestDatabase> {
  if (!roster) return database;
  const db = database.open();
  try {
    await seedRoster(db, roster);
  } finally {
    await db.close();
  }
  return database;
}

async function copyTemplate(): Promise<TestDatabase> {
  const template = inject('testDb');
  const suffix = randomBytes(6).toString('hex');
  if (template.engine === 'sqlite') {
    const path = join(template.dir, `test-${suffix}.db`);
    copyFileSync(template.templatePath, path);
    const location: DatabaseLocation = { engine: 'sqlite', path };
    return {
      location,
      url: `file:${path}`,
      open: () => createDb(location),
      drop: async () => {
        for (const file of [path, `${path}-wal`, `${path}-shm`]) rmSync(file, { force: true });
      },
    };
  }
  const name = `${testDatabasePrefix(template.templateName)}${suffix}`;
  // Copies from one template cannot overlap; a concurrent copy makes PostgreSQL answer 55006.
  for (let attempt = 0; ; attempt++) {
    try {
      await withPostgresAdmin((client) => client.query(`create database "${name}" template "${template.templateName}"`));
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== POSTGRES_OBJECT_IN_USE || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
    }
  }
  const url = postgresUrlFor(name);
  const location: DatabaseLocation = { engine: 'postgres', url };
  return { location, url, open: () => createDb(location), drop: async () => dropLater(name) };
}

/** A database never migrated, on TEST_ENGINE unless told otherwise. */
export async function createEmptyDatabase(engine: Engine = TEST_ENGINE): Promise<TestDatabase> {
  if (engine === 'sqlite') return sqliteInFolder();
  const name = `pinjam_empty_${randomBytes(4).toString('hex')}`;
  await withPostgresAdmin((client) => client.query(`create database "${name}"`));
  const location: DatabaseLocation = { engine: 'postgres', url: postgresUrlFor(name) };
  return { location, url: location.url, open: () => createDb(location), drop: () => dropPostgresDatabase(name) };
}

export type SqliteTestDatabase = TestDatabase & { location: { engine: 'sqlite'; path: string } };

/**
 * A migrated SQLite file in a folder of its own, whatever TEST_ENGINE is: what the production
 * server runs on by default (browser tests, the source of a copy, a folder for backups).
 */
export async function createSqliteDatabase(): Promise<SqliteTestDatabase> {
  const database = sqliteInFolder();
  const db = database.open();
  try {
    await migrateToLatest(db);
  } finally {
    await db.close();
  }
  return database;
}

function sqliteInFolder(): SqliteTestDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'pinjam-sqlite-'));
  const location = { engine: 'sqlite' as const, path: join(dir, 'app.db') };
  return {
    location,
    url: `file:${location.path}`,
    open: () => createDb(location),
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

let drops: Promise<void> = Promise.resolve();

/**
 * Drops a PostgreSQL test database after the test, one at a time per worker, without the test
 * waiting: DROP DATABASE waits for a checkpoint (most of a second on these machines), and nothing
 * reads a database after its test has dropped it. Whatever a worker leaves is dropped by the
 * run's teardown (global-setup-api.ts).
 */
function dropLater(name: string): void {
  drops = drops.then(() => dropPostgresDatabase(name)).catch((error: Error) => console.warn(`dropping ${name}: ${error.message}`));
}
