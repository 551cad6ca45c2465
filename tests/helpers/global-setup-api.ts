import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildIfStale } from '../../scripts/build.mjs';
import { createDb } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { dropPostgresDatabase, postgresUrlFor, testDatabasePrefix, withPostgresAdmin } from './postgres';
import { TEST_ENGINE } from './test-db';

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: { engine: 'sqlite'; templatePath: string; dir: string } | { engine: 'postgres'; templateName: string };
  }
}

/**
 * Migrates one template database per run (a SQLite file, or a PostgreSQL database) that every
 * test copies, and builds the server for the tests that run it as a process.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await buildIfStale();
  if (TEST_ENGINE === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'pinjam-motor-test-'));
    const templatePath = join(dir, 'template.db');
    const db = createDb({ engine: 'sqlite', path: templatePath });
    await migrateToLatest(db);
    await db.close();
    project.provide('testDb', { engine: 'sqlite', templatePath, dir });
    return async () => rmSync(dir, { recursive: true, force: true });
  }
  const templateName = `pinjam_tpl_${randomBytes(4).toString('hex')}`;
  await withPostgresAdmin((client) => client.query(`create database "${templateName}"`));
  const db = createDb({ engine: 'postgres', url: postgresUrlFor(templateName) });
  await migrateToLatest(db);
  await db.close();
  project.provide('testDb', { engine: 'postgres', templateName });
  return async () => {
    // The databases of this run's tests that their workers had not dropped yet, and the template.
    const prefix = testDatabasePrefix(templateName);
    const left = await withPostgresAdmin((client) =>
      client.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [prefix]),
    );
    // A few at a time: concurrent drops share their checkpoints, and stay far below max_connections.
    const names = left.rows.map((row) => row.datname);
    while (names.length > 0) await Promise.all(names.splice(0, 8).map(dropPostgresDatabase));
    await dropPostgresDatabase(templateName);
  };
}
