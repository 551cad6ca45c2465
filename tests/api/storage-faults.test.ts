import { execFileSync } from 'node:child_process';
import { closeSync, copyFileSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/text/messages';
import { addDays, todayIn } from '../../src/domain/time/clock';
import { manyStudents } from '../helpers/roster';
import { type ServerProcess, startServerProcess } from '../helpers/server-process';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const canMount = process.platform === 'linux' && process.getuid?.() === 0;
const STUDENTS = manyStudents('Penuh', 8);

let database: TestDatabase | undefined;
let server: ServerProcess | undefined;
let mounted: string | undefined;

afterEach(async () => {
  await server?.stop('SIGKILL');
  server = undefined;
  await database?.drop();
  database = undefined;
  if (mounted) {
    execFileSync('umount', [mounted]);
    rmSync(mounted, { recursive: true, force: true });
    mounted = undefined;
  }
});

function fillDisk(path: string): void {
  const handle = openSync(path, 'w');
  const page = Buffer.alloc(4096, 1);
  try {
    for (;;) writeSync(handle, page);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(handle);
  }
}

describe.skipIf(TEST_ENGINE !== 'sqlite' || !canMount)('a full disk under SQLite', () => {
  it('answers 503 with the message, says degraded, logs SQLITE_FULL once, and books again once space returns, losing nothing', async () => {
    database = await createTestDatabase({ roster: STUDENTS });
    if (database.location.engine !== 'sqlite') throw new Error('a SQLite test');
    mounted = mkdtempSync(join(tmpdir(), 'pinjam-full-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mounted]);
    const path = join(mounted, 'app.db');
    copyFileSync(database.location.path, path);
    server = await startServerProcess({ DATABASE_URL: `file:${path}` });
    const baseUrl = server.baseUrl;
    const date = addDays(todayIn('Asia/Jakarta', new Date()), 5);
    let hour = 0;
    const book = async () => {
      const start = `${String(hour).padStart(2, '0')}:00`;
      const name = STUDENTS[hour % STUDENTS.length]?.name;
      hour += 1;
      const response = await fetch(`${baseUrl}/api/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, date, start, end: `${start.slice(0, 2)}:30`, reason: 'disk penuh', needStnk: '' }),
      });
      return { start, status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
    };
    const health = async () => {
      const response = await fetch(`${baseUrl}/healthz`);
      return { status: response.status, body: await response.json() };
    };

    const acknowledged: string[] = [];
    for (let index = 0; index < 3; index++) {
      const reply = await book();
      expect(reply.status).toBe(201);
      acknowledged.push(reply.start);
    }

    const filler = join(mounted, 'filler');
    fillDisk(filler);
    const refused: string[] = [];
    for (let index = 0; index < 4; index++) {
      const reply = await book();
      expect(reply).toMatchObject({ status: 503, retryAfter: '5', body: { message: messages.storageTrouble } });
      refused.push(reply.start);
    }
    expect(await health()).toEqual({ status: 503, body: { status: 'degraded', reason: 'storage' } });
    // The server's log reaches this process through a pipe, after the answers: wait for the line itself.
    const running = server;
    await waitUntil('the fault in the log', () => running.output().includes('database fault SQLITE_FULL'));
    const log = server.output();
    expect(log.match(/database fault SQLITE_FULL/g)).toHaveLength(1);
    expect(log).not.toContain('cannot rollback');

    rmSync(filler);
    const again = await book();
    expect(again.status).toBe(201);
    acknowledged.push(again.start);
    expect(await health()).toEqual({ status: 200, body: { status: 'ok' } });

    await server.stop('SIGTERM');
    server = undefined;
    const file = new BetterSqlite3(path, { readonly: true });
    try {
      expect(file.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
      const stored = (
        file.prepare('select start_time from borrow_request where borrow_date = ?').all(date) as { start_time: string }[]
      ).map((row) => row.start_time);
      expect(stored.sort()).toEqual(acknowledged.sort());
      expect(stored.filter((start) => refused.includes(start))).toEqual([]);
    } finally {
      file.close();
    }
  });
});

if (TEST_ENGINE !== 'sqlite') console.log('storage-faults: the full disk is a SQLite test');
else if (!canMount) console.log('storage-faults: skipped, mounting a small tmpfs needs root on Linux');
