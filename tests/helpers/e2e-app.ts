import type { User } from '../../src/server/roster/repository';
import type { NewUser } from '../../src/server/roster/service';
import { CLASS_ROSTER, seedRoster } from './roster';
import { type ServerProcess, startServerProcess } from './server-process';
import { createSqliteDatabase } from './test-db';

export interface E2eApp {
  server: ServerProcess;
  baseUrl: string;
  /** The roster as stored, ids included (an admin's id is their login code). */
  users: User[];
  /** The SQLite file the server uses, for a test that reads or breaks it from outside. */
  databasePath: string;
  stop(): Promise<void>;
}

/**
 * The production server, as browser tests run it, on a fresh SQLite file holding `roster`
 * (CLASS_ROSTER by default) and `vouchers` (unused, as an admin would have generated them),
 * written before the server starts.
 */
export async function startE2eApp({
  roster = CLASS_ROSTER,
  vouchers = [],
  env = {},
}: {
  roster?: readonly NewUser[];
  vouchers?: string[];
  env?: Record<string, string>;
} = {}): Promise<E2eApp> {
  const database = await createSqliteDatabase();
  const db = database.open();
  let users: User[];
  try {
    users = await seedRoster(db, roster);
    for (const code of vouchers) await db.kysely.insertInto('vouchers').values({ code, is_used: false }).execute();
  } finally {
    await db.close();
  }
  const server = await startServerProcess({ DATABASE_URL: database.url, ...env });
  return {
    server,
    baseUrl: server.baseUrl,
    users,
    databasePath: database.location.path,
    stop: async () => {
      await server.stop();
      await database.drop();
    },
  };
}
