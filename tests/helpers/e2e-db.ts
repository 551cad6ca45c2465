import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import type { User } from '../../src/server/roster/repository';
import type { NewUser } from '../../src/server/roster/service';
import { CLASS_ROSTER, seedRoster } from './roster';
import { type ServerProcess, startServerProcess } from './server-process';

/** Browser tests run the real server on a SQLite file of their own. */
export async function createE2eDatabase(): Promise<{ url: string; path: string; drop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'pinjam-e2e-'));
  const path = join(dir, 'e2e.db');
  return { url: `file:${path}`, path, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

export interface E2eApp {
  server: ServerProcess;
  baseUrl: string;
  /** The roster as stored, ids included (an admin's id is their login code). */
  users: User[];
  stop(): Promise<void>;
}

/**
 * The production server on a fresh SQLite file holding `roster` (CLASS_ROSTER by default),
 * written before the server starts.
 */
export async function startE2eApp({
  roster = CLASS_ROSTER,
  env = {},
}: {
  roster?: readonly NewUser[];
  env?: Record<string, string>;
} = {}): Promise<E2eApp> {
  const database = await createE2eDatabase();
  const db = createDb({ engine: 'sqlite', path: database.path });
  await migrateToLatest(db);
  const users = await seedRoster(db, roster);
  await db.close();
  const server = await startServerProcess({ DATABASE_URL: database.url, ...env });
  return {
    server,
    baseUrl: server.baseUrl,
    users,
    stop: async () => {
      await server.stop();
      await database.drop();
    },
  };
}
