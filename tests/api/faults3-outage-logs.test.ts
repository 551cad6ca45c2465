import { afterEach, describe, expect, it } from 'vitest';
import { bookingBody, postBooking } from '../helpers/booking-fixtures';
import { createTestClock } from '../helpers/clock';
import { switchableDatabase } from '../helpers/database-switch';
import { enqueueNotice, notifyFixtures, outboxRows } from '../helpers/outbox';
import { seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const fixtures = notifyFixtures();
let testApp: TestApp | undefined;

afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
  await fixtures.cleanup();
});

const parsed = (lines: string[]) => lines.map((line) => JSON.parse(line) as { level: number; msg: string; [key: string]: unknown });
const WARN = 40;

describe(`the log of an outage on ${TEST_ENGINE}`, () => {
  it('is one error line with its cause when the database goes away and one with its length and count when it is back, no stack per request', async () => {
    const database = switchableDatabase();
    testApp = await startTestApp({ openDb: database.open });
    await seedRoster(testApp.db);
    const { baseUrl } = testApp;
    const before = testApp.logs.length;
    database.down();

    const pages = await Promise.all(Array.from({ length: 20 }, () => requestJson(baseUrl, '/')));
    const schedules = await Promise.all(Array.from({ length: 10 }, () => requestJson(baseUrl, '/api/bookings?date=2026-12-01')));
    const bookings = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        postBooking(baseUrl, bookingBody({ date: '2026-12-01', start: `${10 + index}:00`, end: `${10 + index}:30` })),
      ),
    );
    // The page itself still loads, without its first load; the API refuses.
    expect(pages.map((reply) => reply.status)).toEqual(Array(20).fill(200));
    expect([...schedules, ...bookings].map((reply) => reply.status)).toEqual(Array(15).fill(503));
    const health = await requestJson(baseUrl, '/healthz');
    expect(health.status).toBe(503);
    expect(health.body.status).toBe('unavailable');

    database.up();
    expect((await requestJson(baseUrl, '/healthz')).status).toBe(200);

    const lines = parsed(testApp.logs.slice(before));
    const began = lines.filter((line) => line.msg.includes('an outage began'));
    // 20 pages, 10 schedules, 5 bookings and the health check.
    const ended = lines.filter((line) => line.msg.includes('outage (ECONNREFUSED) ended'));
    expect(began).toHaveLength(1);
    expect(began[0]).toMatchObject({ level: 50, code: 'ECONNREFUSED', reason: 'database' });
    expect(began[0]?.msg).toContain('connect ECONNREFUSED');
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({ level: WARN, code: 'ECONNREFUSED', refused: 36 });
    expect(ended[0]?.durationMs).toEqual(expect.any(Number));
    expect(lines.filter((line) => 'err' in line || JSON.stringify(line).includes('"stack"'))).toEqual([]);
    // Besides them, only a timed job that looked meanwhile says, once, that it will keep trying.
    const others = lines.filter((line) => line.level >= WARN && line !== began[0] && line !== ended[0]).map((line) => line.msg);
    expect(others.filter((msg) => !msg.endsWith('will keep trying'))).toEqual([]);
    expect(new Set(others).size).toBe(others.length);
  });

  it('of a Bot API answering 500 is one line, then at most one a minute with the count of failed sends', async () => {
    const telegram = await fixtures.fake();
    telegram.answer({ kind: 'error', status: 500, description: 'Internal Server Error' });
    const clock = createTestClock();
    const app = await fixtures.app({ now: clock.now, telegram: telegram.telegram });
    for (let index = 0; index < 6; index++) await enqueueNotice(app, clock, { name: `Peminjam ${index}` });
    const failing = () => app.logs.filter((line) => line.includes('Telegram') && line.includes('failed'));
    await waitUntil('six failed sends', async () => (await outboxRows(app)).every((row) => row.attempts >= 1));
    expect(failing()).toHaveLength(1);

    // A minute later, the retries fail again: one line with their count.
    clock.advance(61_000);
    await waitUntil('the retries', async () => (await outboxRows(app)).every((row) => row.attempts >= 2), 30_000);
    clock.advance(61_000);
    await waitUntil('the next retries', async () => (await outboxRows(app)).every((row) => row.attempts >= 3), 30_000);
    const lines = parsed(failing());
    expect(lines.length).toBeLessThanOrEqual(3);
    expect(lines.map((line) => line.failed).reduce((sum: number, count) => sum + Number(count), 0)).toBeLessThanOrEqual(18);
    expect(lines.slice(1).some((line) => String(line.msg).includes('send(s) failed in the last minute'))).toBe(true);

    telegram.answer({ kind: 'ok' });
    clock.advance(10 * 60_000);
    await waitUntil('the sends going through', () => app.logs.some((line) => line.includes('Telegram sends go through again')), 30_000);
  });
});
