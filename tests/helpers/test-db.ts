import { randomBytes } from 'node:crypto';
import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { createDb, type DatabaseLocation, type Db } from '../../src/db/database';
import { dropPostgresDatabase, postgresUrlFor, testDatabasePrefix, withPostgresAdmin } from './postgres';

export interface TestDatabase {
  location: DatabaseLocation;
  /** The DATABASE_URL a server process would be given for it. */
  url: string;
  open(): Db;
  drop(): Promise<void>;
}

const POSTGRES_OBJECT_IN_USE = '55006';

/**
 * A freshly migrated database of its own for one test or file: a copy of the run's template
 * (TEST_DB=sqlite, the default, or TEST_DB=postgres), so tests never clean up after each other.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
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
