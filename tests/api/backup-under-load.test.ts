import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../src/domain/time/clock';
import { manyStudents } from '../helpers/roster';
import { type ServerProcess, startServerProcess } from '../helpers/server-process';
import { integrityOf, runDbCommand, slotsIn } from '../helpers/sqlite-files';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../helpers/test-db';

const STUDENTS = manyStudents('Beban', 24);

let database: TestDatabase | undefined;
let server: ServerProcess | undefined;
let dir: string | undefined;

afterEach(async () => {
  await server?.stop('SIGKILL');
  await database?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Books one free half hour after another (each on a slot of its own) until `stopped`; `acknowledged` gets each booked slot as its 201 arrives. */
async function bookUntil(baseUrl: string, clientIndex: number, acknowledged: Set<string>, stopped: () => boolean): Promise<void> {
  for (let attempt = 0; !stopped(); attempt++) {
    const date = addDays(todayIn('Asia/Jakarta', new Date()), 10 + clientIndex * 200 + Math.floor(attempt / 24));
    const hour = String(attempt % 24).padStart(2, '0');
    const body = { name: STUDENTS[attempt % 24]?.name, date, start: `${hour}:00`, end: `${hour}:30`, reason: 'cadangan', needStnk: '' };
    const response = await fetch(`${baseUrl}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status !== 201) throw new Error(`booking answered ${response.status}: ${await response.text()}`);
    acknowledged.add(`${date} ${body.start}`);
  }
}

describe.skipIf(TEST_ENGINE !== 'sqlite')('npm run backup while clients book', () => {
  // Each backup spawns the command, so the test's length follows the machine's load.
  it('makes 10 consistent backups while clients book, each holding every booking acknowledged before it began', {
    timeout: 180_000,
  }, async () => {
    database = await createTestDatabase({ roster: STUDENTS });
    const url = database.url;
    dir = mkdtempSync(join(tmpdir(), 'pinjam-backup-'));
    server = await startServerProcess({ DATABASE_URL: url, BOOKING_HORIZON_DAYS: '3650' });
    const acknowledged = new Set<string>();
    let stopped = false;
    const baseUrl = server.baseUrl;
    const clients = Array.from({ length: 4 }, (_, index) => bookUntil(baseUrl, index, acknowledged, () => stopped));
    const backups: { path: string; before: string[] }[] = [];
    try {
      for (let index = 0; index < 10; index++) {
        const before = [...acknowledged];
        const path = join(dir, `backup-${index}.db`);
        const result = await runDbCommand(['backup', path], { DATABASE_URL: url });
        expect(result.stderr).toBe('');
        expect(result.code).toBe(0);
        backups.push({ path, before });
      }
    } finally {
      stopped = true;
      await Promise.all(clients);
    }
    expect(backups.at(-1)?.before.length).toBeGreaterThan(backups[0]?.before.length ?? 0);
    for (const backup of backups) {
      expect(integrityOf(backup.path)).toEqual([{ integrity_check: 'ok' }]);
      const slots = slotsIn(backup.path);
      expect(backup.before.filter((slot) => !slots.has(slot))).toEqual([]);
    }
  });
});

if (TEST_ENGINE !== 'sqlite') console.log('backup-under-load: the online backup is a SQLite test (PostgreSQL is backed up with pg_dump)');
