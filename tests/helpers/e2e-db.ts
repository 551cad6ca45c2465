import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import type { User } from '../../src/server/roster/repository';
import { addUsers, type NewUser } from '../../src/server/roster/service';
import { type ServerProcess, startServerProcess } from './server-process';

/** Browser tests run the real server on a SQLite file of their own. */
export async function createE2eDatabase(): Promise<{ url: string; path: string; drop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'pinjam-e2e-'));
  const path = join(dir, 'e2e.db');
  return { url: `file:${path}`, path, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

export const E2E_ROSTER: NewUser[] = [
  { name: 'Admin Uji', class: 'PPTI 21', role: 'admin' },
  { name: 'Budi Santoso', class: 'PPTI 21' },
  { name: 'Siti Rahmawati', class: 'PPTI 21' },
  { name: 'Rizky Maulana', class: 'PPTI 22' },
];

export interface E2eApp {
  server: ServerProcess;
  baseUrl: string;
  /** The roster as stored, ids included (an admin's id is their login code). */
  users: User[];
  stop(): Promise<void>;
}

/**
 * The production server on a fresh SQLite file holding `roster` (E2E_ROSTER by default),
 * written before the server starts, as the roster command would.
 */
export async function startE2eApp({
  roster = E2E_ROSTER,
  env = {},
}: {
  roster?: NewUser[];
  env?: Record<string, string>;
} = {}): Promise<E2eApp> {
  const database = await createE2eDatabase();
  const db = createDb({ engine: 'sqlite', path: database.path });
  await migrateToLatest(db);
  const users = await addUsers(
    db.kysely,
    roster,
    roster.map((user) => user.name),
  );
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
