import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type Db, parseDatabaseUrl } from '../../src/db/database';
import { type FakeTelegram, startFakeTelegram } from '../../tests/helpers/fake-telegram';
import { type PostgresRelay, relayToPostgres } from '../../tests/helpers/pg-relay';
import { postgresUrlFor, withPostgresAdmin } from '../../tests/helpers/postgres';
import { type ServerProcess, startServerProcess } from '../../tests/helpers/server-process';
import type { SimOptions } from './cli';
import { type LoopDisk, mountLoopDisk } from './loop-disk';
import type { ClassRoster } from './roster';

/** Every timed loop of the servers looks this often (APP_JOB_INTERVAL_MS), in real milliseconds. */
export const JOB_INTERVAL_MS = 100;
export const GRACE_MINUTES = 10;
export const TIME_ZONE = 'Asia/Jakarta';
const SESSION_SECRET = 's'.repeat(40);

export interface Instance {
  name: string;
  server: ServerProcess;
}

export interface World {
  dir: string;
  databaseUrl: string;
  telegram: FakeTelegram;
  instances: Instance[];
  /** A direct connection for the invariants (not through the relay). */
  db: Db;
  relay: PostgresRelay | undefined;
  disk: LoopDisk | undefined;
  /** Why the disk-full fault is off, when it is. */
  diskSkipReason: string | undefined;
  now(): Date;
  setNow(at: Date): void;
  /** Kills an instance with SIGKILL and starts it again on the same database. */
  restart(instance: Instance, signal: NodeJS.Signals): Promise<void>;
  close(): Promise<void>;
}

async function createDatabase(options: SimOptions, dir: string, disk: LoopDisk | undefined) {
  if (options.engine === 'sqlite') {
    const path = join(disk?.dir ?? dir, 'sim.db');
    return { url: `file:${path}`, drop: async () => {} };
  }
  const name = `pinjam_sim_${randomBytes(4).toString('hex')}`;
  await withPostgresAdmin((client) => client.query(`create database "${name}"`));
  return {
    url: postgresUrlFor(name),
    drop: () => withPostgresAdmin((client) => client.query(`drop database if exists "${name}" with (force)`)),
  };
}

function importRoster(databaseUrl: string, dir: string, roster: ClassRoster): void {
  const file = join(dir, 'roster.csv');
  const rows = roster.members.map((member) => [member.name, member.class, member.role, member.id].join(','));
  writeFileSync(file, `name,class,role,id\n${rows.join('\n')}\n`);
  execFileSync(process.execPath, ['dist/cli/roster.js', 'import', file], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: 'pipe',
  });
}

export async function startWorld(options: SimOptions, roster: ClassRoster, startAt: Date): Promise<World> {
  const dir = mkdtempSync(join(tmpdir(), 'pinjam-sim-'));
  const clockFile = join(dir, 'now');
  let now = startAt;
  writeFileSync(clockFile, now.toISOString());
  const mounted =
    options.faults && options.engine === 'sqlite' ? mountLoopDisk(dir) : { disk: undefined, reason: 'only with --faults on SQLite' };
  const database = await createDatabase(options, dir, mounted.disk);
  importRoster(database.url, dir, roster);
  const relay = options.faults && options.engine === 'postgres' ? await relayToPostgres(database.url) : undefined;
  const telegram = await startFakeTelegram();
  const env = {
    DATABASE_URL: relay?.url ?? database.url,
    APP_TIMEZONE: TIME_ZONE,
    APP_CLOCK_FILE: clockFile,
    APP_JOB_INTERVAL_MS: String(JOB_INTERVAL_MS),
    SESSION_SECRET,
    TELEGRAM_BOT_TOKEN: telegram.telegram.token,
    TELEGRAM_CHAT_ID: telegram.telegram.chatId,
    TELEGRAM_API_URL: telegram.telegram.apiUrl,
    TELEGRAM_POLL_TIMEOUT_SECONDS: '1',
    TELEGRAM_POLLER_LEASE_SECONDS: '30',
    TELEGRAM_DIGEST_TIME: '06:00',
    TELEGRAM_REMINDER_MINUTES: '30',
    REMINDER_BEFORE_START_MINUTES: '60',
    RETURN_GRACE_MINUTES: String(GRACE_MINUTES),
    BACKUP_TIME: '',
    PG_CONNECT_TIMEOUT_MS: '1000',
    LOG_LEVEL: 'warn',
  };
  const instances: Instance[] = [];
  for (let index = 0; index < options.instances; index++) {
    instances.push({ name: `app${index + 1}`, server: await startServerProcess(env, { timeoutMs: 60_000 }) });
  }
  const db = createDb(parseDatabaseUrl(database.url));
  return {
    dir,
    databaseUrl: database.url,
    telegram,
    instances,
    db,
    relay,
    disk: mounted.disk,
    diskSkipReason: mounted.reason,
    now: () => now,
    setNow: (at) => {
      now = at;
      writeFileSync(clockFile, at.toISOString());
    },
    restart: async (instance, signal) => {
      await instance.server.stop(signal);
      instance.server = await startServerProcess(env, { timeoutMs: 60_000 });
    },
    close: async () => {
      for (const instance of instances) await instance.server.stop('SIGTERM');
      await db.close();
      await relay?.close();
      await telegram.close();
      await database.drop();
      mounted.disk?.unmount();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
