import { afterEach, describe, expect, it } from 'vitest';
import { createTestClock } from '../helpers/clock';
import { enqueueNotice, firstOutboxRow as firstRow, notifyFixtures, outboxRows } from '../helpers/outbox';
import { waitUntil } from '../helpers/wait-until';

const fixtures = notifyFixtures();
const { fake, app } = fixtures;
afterEach(() => fixtures.cleanup());

describe('durability and several instances', () => {
  it('sends after a restart a message left pending when the app stopped mid-send', async () => {
    const telegram = await fake();
    telegram.answer({ kind: 'hang' });
    const clock = createTestClock();
    const first = await app({ now: clock.now, telegram: telegram.telegram, notifier: { requestTimeoutMs: 60_000 } });
    await enqueueNotice(first, clock);
    await waitUntil('the hanging request', () => telegram.requests.length === 1);
    await first.app.close();
    const db = first.database.open();
    expect(await db.kysely.selectFrom('outbox').selectAll().execute()).toMatchObject([{ attempts: 0, sent_at: null, locked_until: null }]);
    await db.close();
    // Else the request the closed app gave up, still open as the fake sees it, would be answered and counted.
    await waitUntil('the fake to see the request given up', () => telegram.hangingRequests() === 0);

    telegram.answer({ kind: 'ok' });
    const second = await app({ now: clock.now, telegram: telegram.telegram, database: first.database });
    await waitUntil('the delivery after restart', () => telegram.delivered.length === 1);
    await waitUntil('the row marked sent', async () => (await firstRow(second)).sent_at !== null);
    expect(telegram.requests).toHaveLength(2);
  });

  it('lets the send in flight finish when the app stops, so the next start does not send it again', async () => {
    const telegram = await fake();
    telegram.answer({ kind: 'ok', delayMs: 300 });
    const clock = createTestClock();
    const first = await app({ now: clock.now, telegram: telegram.telegram });
    await enqueueNotice(first, clock);
    await waitUntil('the request in flight', () => telegram.requests.length === 1);
    await first.app.close();
    const db = first.database.open();
    const [row] = await db.kysely.selectFrom('outbox').selectAll().execute();
    await db.close();
    expect(row).toMatchObject({ attempts: 1, locked_until: null });
    expect(row?.sent_at).not.toBeNull();

    const second = await app({ now: clock.now, telegram: telegram.telegram, database: first.database });
    await enqueueNotice(second, clock, { name: 'Peminjam berikutnya' });
    await waitUntil('the next message delivered', () => telegram.delivered.length === 2);
    expect(telegram.delivered.map((message) => message.text).filter((text) => text.includes('Peminjam berikutnya'))).toHaveLength(1);
    expect(telegram.requests).toHaveLength(2);
  });

  it('two app instances on one database send each message once', async () => {
    const telegram = await fake();
    // Slow answers keep one instance busy, so the other claims messages too.
    telegram.answer({ kind: 'ok', delayMs: 10 });
    const clock = createTestClock();
    const one = await app({ now: clock.now, telegram: telegram.telegram, notifier: { pollIntervalMs: 1, batchSize: 3 } });
    const two = await app({
      now: clock.now,
      telegram: telegram.telegram,
      database: one.database,
      notifier: { pollIntervalMs: 1, batchSize: 3 },
    });
    const count = 40;
    for (let index = 0; index < count; index++) await enqueueNotice(index % 2 === 0 ? one : two, clock, { name: `Peminjam ${index}` });
    await waitUntil('every delivery', async () => (await outboxRows(one)).every((row) => row.sent_at !== null));
    expect(telegram.requests).toHaveLength(count);
    expect(new Set(telegram.delivered.map((message) => message.text)).size).toBe(count);
    expect((await outboxRows(two)).every((row) => row.attempts === 1)).toBe(true);
    expect(one.logs.some((line) => line.includes('notification sent'))).toBe(true);
    expect(two.logs.some((line) => line.includes('notification sent'))).toBe(true);
  });
});
