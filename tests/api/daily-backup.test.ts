import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { jakartaInstant } from '../helpers/booking-fixtures';
import { createTestClock } from '../helpers/clock';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { createSqliteDatabase, type SqliteTestDatabase, TEST_ENGINE } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const apps: TestApp[] = [];
let database: SqliteTestDatabase | undefined;

afterEach(async () => {
  for (const app of apps.splice(0)) await app.app.close();
  await database?.drop();
  database = undefined;
});

describe.skipIf(TEST_ENGINE !== 'sqlite')('the daily backup (BACKUP_TIME)', () => {
  it('is made once a day at its time by one of two instances on the database, and not before', async () => {
    // In a folder of its own, so its backups/ is its own too.
    database = await createSqliteDatabase();
    const clock = createTestClock(jakartaInstant('2026-11-23', '02:58'));
    const logs: string[] = [];
    for (let instance = 0; instance < 2; instance++) {
      apps.push(
        await startTestApp({
          database,
          now: clock.now,
          config: { backupTime: '03:00', backupKeep: 14 },
          buildOptions: { dailyBackupIntervalMs: 10, logger: { level: 'info', stream: { write: (line: string) => logs.push(line) } } },
        }),
      );
    }
    const folder = join(dirname(database.location.path), 'backups');
    const backups = () => (existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.db')) : []);
    const decided = () => logs.filter((line) => /daily backup written|another instance made today/.test(line)).length;
    // Each instance looks once as it starts (onReady), at 02:58: nothing is made.
    expect(backups()).toEqual([]);

    clock.advance(3 * 60_000);
    await waitUntil('both instances deciding about 03:00', () => decided() === 2);
    expect(backups()).toEqual([expect.stringMatching(/^pinjam-motor-20261123-0301\d\d\.db$/)]);
    expect(logs.filter((line) => line.includes('daily backup written'))).toHaveLength(1);

    clock.advance(24 * 60 * 60_000);
    await waitUntil('the next day decided', () => decided() === 4);
    expect(backups()).toHaveLength(2);
  });
});

if (TEST_ENGINE !== 'sqlite') console.log('daily-backup: the daily backup is made on SQLite only (PostgreSQL: pg_dump)');
