import { afterEach, describe, expect, it } from 'vitest';
import { COPIED_TABLES } from '../../src/server/backup/copy';
import { addDeviceBookings, findOrAddDevice, insertLinkCode, linkChat } from '../../src/server/chat/repository';
import { putClaimPending } from '../../src/server/fund/repository';
import { findStoredKeys, upsertSubscription } from '../../src/server/push/repository';
import type { User } from '../../src/server/roster/repository';
import { findOpenWaits, insertOffer, insertWait } from '../../src/server/waiting-list/repository';
import { adminClient, login, loginCookie } from '../helpers/admin-fixtures';
import { bookingBody } from '../helpers/booking-fixtures';
import { createTestClock } from '../helpers/clock';
import { seedRoster } from '../helpers/roster';
import { runCommand } from '../helpers/server-process';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { createEmptyDatabase, createSqliteDatabase, TEST_ENGINE, type TestDatabase } from '../helpers/test-db';

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

// One clock for the source and the copy: both apps show the same moment.
const clock = createTestClock(new Date('2026-11-22T01:00:00.000Z'));

async function startOn(database: TestDatabase): Promise<TestApp> {
  const app = await startTestApp({ database, now: clock.now });
  cleanups.push(() => app.close());
  return app;
}

/** What the screens show of a database: the schedule and every admin list. */
async function whatItShows(app: TestApp, admin: User) {
  const signedIn = adminClient(app.baseUrl, await loginCookie(app.baseUrl, admin));
  return {
    schedule: (await requestJson(app.baseUrl, '/api/bookings?from=2026-11-23&to=2026-11-29')).body,
    bookings: (await signedIn.get('/api/admin/bookings?from=2026-11-22&to=2026-12-31&includeCancelled=true')).body,
    members: (await signedIn.get('/api/admin/members')).body,
    vouchers: (await signedIn.get('/api/admin/vouchers')).body,
    motor: (await signedIn.get('/api/admin/motor')).body,
    fund: (await signedIn.get('/api/admin/kas')).body,
    book: (await signedIn.get('/api/admin/kas/book')).body,
    outOfService: (await signedIn.get('/api/admin/out-of-service')).body,
  };
}

describe.runIf(TEST_ENGINE === 'postgres')('npm run db:copy from SQLite to PostgreSQL', () => {
  it('copies every kind of row so the app on the copy shows the same, and refuses a target that holds data', async () => {
    // A SQLite file of its own, as a class that ran on the default engine has, even in the PostgreSQL pass.
    const source = await createSqliteDatabase();
    cleanups.push(source.drop);
    const sourceApp = await startOn(source);
    const [admin, budi, rizky] = await seedRoster(sourceApp.db);
    if (!admin || !budi || !rizky) throw new Error('the roster was not seeded');
    expect((await login(sourceApp.baseUrl, admin.name, 'kode-yang-salah')).status).toBe(401);
    let signedIn = adminClient(sourceApp.baseUrl, await loginCookie(sourceApp.baseUrl, admin));
    const used = (await signedIn.post('/api/admin/vouchers', { note: 'dipakai' })).body.voucher.code;
    const revoked = (await signedIn.post('/api/admin/vouchers', { note: 'dicabut' })).body.voucher.code;
    expect((await signedIn.post(`/api/admin/vouchers/${revoked}/revoke`)).status).toBe(200);
    expect((await signedIn.post('/api/admin/members', { name: 'Sinta Dewi', class: 'PPTI 22' })).status).toBe(201);
    const post = (body: object, key: string) =>
      requestJson(sourceApp.baseUrl, '/api/bookings', { method: 'POST', body, headers: { 'idempotency-key': key } });
    expect((await post(bookingBody({ name: budi.name, date: '2026-11-24' }), 'salin-1')).status).toBe(201);
    expect((await post(bookingBody({ name: rizky.name, date: '2026-11-25', start: '13:00', end: '15:00' }), 'salin-2')).status).toBe(201);
    expect((await post(bookingBody({ name: budi.name, date: '2026-11-26', reason: used }), 'salin-3')).status).toBe(201);
    const cancelled = await post(bookingBody({ name: rizky.name, date: '2026-11-27', start: '09:00', end: '10:00' }), 'salin-4');
    const ref = (await signedIn.get('/api/admin/bookings?from=2026-11-27&to=2026-11-27')).body.bookings[0].ref;
    expect((await signedIn.post(`/api/admin/bookings/${ref}/cancel`, { reason: 'motor diservis' })).status).toBe(200);
    expect(cancelled.status).toBe(201);
    expect((await requestJson(sourceApp.baseUrl, '/api/bookings/by-token', { body: { token: 'bukan-token-asli' } })).status).toBe(404);
    const loanRef = (await signedIn.get('/api/admin/bookings?from=2026-11-24&to=2026-11-24')).body.bookings[0].ref;
    const handover = `/api/admin/bookings/${loanRef}/handover`;
    // An admin records a handover no later than now (0050): the clock moves to 10:00 of the loan's day.
    clock.advance(new Date('2026-11-24T03:00:00.000Z').getTime() - clock.now().getTime());
    signedIn = adminClient(sourceApp.baseUrl, await loginCookie(sourceApp.baseUrl, admin));
    expect((await signedIn.post(handover, { event: 'pickup', date: '2026-11-24', time: '07:55', fuel: 'Penuh' })).status).toBe(200);
    expect(
      (
        await signedIn.post(handover, {
          event: 'return',
          date: '2026-11-24',
          time: '09:40',
          fuel: '1/4',
          km: 15_210,
          note: 'Spion longgar',
        })
      ).status,
    ).toBe(200);
    // A charged loan, for the ledger's running totals of loans (2026_12_02_0400).
    expect((await signedIn.put(`/api/admin/kas/charges/${loanRef}`, { amount: 10_000, reason: 'Sewa' })).status).toBe(200);
    const member = (await signedIn.get('/api/admin/members')).body.members.find((row: { name: string }) => row.name === rizky.name).ref;
    const payment = { member, amount: 20_000, method: 'Tunai', date: '2026-11-22', note: 'Sewa minggu lalu' };
    expect((await signedIn.post('/api/admin/kas/payments', payment)).status).toBe(201);
    const expense = { category: 'Bensin', amount: 15_000, date: '2026-11-22' };
    expect((await signedIn.post('/api/admin/kas/expenses', expense)).status).toBe(201);
    expect((await signedIn.put('/api/admin/kas/cara-bayar', { treasurer: 'Siti', account: 'DANA 0812' })).status).toBe(200);
    expect((await signedIn.put('/api/admin/motor', { name: 'Motor PPTI 21', plate: 'B 4321 KLM', lastKm: 15_210 })).status).toBe(200);
    // A borrower's linked chat (issue 26), written as the link code and /start write it.
    const copyAt = new Date('2026-11-22T01:00:00.000Z');
    const deviceId = await findOrAddDevice(sourceApp.db.kysely, 'a'.repeat(64), copyAt);
    const booked = await sourceApp.db.kysely.selectFrom('borrow_request').select('id').executeTakeFirstOrThrow();
    await addDeviceBookings(sourceApp.db.kysely, deviceId, [booked.id]);
    await insertLinkCode(sourceApp.db.kysely, { hash: 'b'.repeat(64), deviceId, now: copyAt, expiresAt: copyAt });
    await linkChat(sourceApp.db.kysely, '1001', deviceId, copyAt);
    // The device's push subscription, and the VAPID keys generated when first asked for (0058).
    await upsertSubscription(sourceApp.db.kysely, {
      deviceId,
      endpoint: 'https://push.example/langganan-1',
      p256dh: 'p',
      auth: 'a',
      now: copyAt,
    });
    expect((await requestJson(sourceApp.baseUrl, '/api/push/key')).status).toBe(200);
    expect(await findStoredKeys(sourceApp.db.kysely)).toBeDefined();
    // A student's Saya sudah bayar waiting for the treasurer (0053).
    await putClaimPending(sourceApp.db.kysely, { bookingId: booked.id, usersId: rizky.id, amount: 10_000, at: copyAt.toISOString() });
    // A wait and the offer made to it (the waiting list, 0044).
    const wanted = { date: '2026-11-26', start: '10:00', end: '12:00' };
    await insertWait(sourceApp.db.kysely, {
      deviceId,
      usersId: rizky.id,
      span: { ...wanted, taken: [{ from: 600, to: 720 }] },
      reason: 'Ke kampus',
      now: copyAt,
    });
    const [wait] = await findOpenWaits(sourceApp.db.kysely);
    await insertOffer(sourceApp.db.kysely, { waitId: wait?.id ?? 0, span: wanted, now: copyAt, holdUntil: copyAt });
    const period = { fromDate: '2026-11-25', fromTime: '14:00', untilDate: '2026-11-25', untilTime: '18:00', reason: 'Servis' };
    expect((await signedIn.post('/api/admin/out-of-service', { period, decision: 'keep' })).status).toBe(201);
    await sourceApp.db.kysely.updateTable('telegram_bot').set({ webhook_secret: 'rahasia-webhook', last_update_id: 41 }).execute();
    const before = await whatItShows(sourceApp, admin);
    const sourceCounts = await Promise.all(
      COPIED_TABLES.filter((table) => table !== 'address_events').map(async (table) => [
        table,
        Number(
          (
            await sourceApp.db.kysely
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ]),
    );
    for (const [table, count] of sourceCounts) expect(count, `${table} has rows to copy`).toBeGreaterThan(0);
    await sourceApp.app.close();

    const empty = await createEmptyDatabase('postgres');
    cleanups.push(empty.drop);
    const targetUrl = empty.url;
    const copied = await runCommand(['dist/cli/db.js', 'copy', '--to', targetUrl], { DATABASE_URL: source.url });
    expect(copied.stderr).toBe('');
    expect(copied.code).toBe(0);
    for (const [table, count] of sourceCounts) expect(copied.stdout).toContain(`${table} ${count}`);

    const targetApp = await startOn(empty);
    expect(await whatItShows(targetApp, admin)).toEqual(before);
    const bot = await targetApp.db.kysely.selectFrom('telegram_bot').selectAll().execute();
    expect(bot).toEqual([expect.objectContaining({ id: 'bot', webhook_secret: 'rahasia-webhook', last_update_id: 41 })]);
    // The sequences moved past the copied ids: the copy takes new rows.
    expect(
      (
        await requestJson(targetApp.baseUrl, '/api/bookings', {
          method: 'POST',
          body: bookingBody({ name: budi.name, date: '2026-11-28' }),
        })
      ).status,
    ).toBe(201);

    const again = await runCommand(['dist/cli/db.js', 'copy', '--to', targetUrl], { DATABASE_URL: source.url });
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('db:copy: the target already holds data (table users); copy into an empty database\n');
  });
});

if (TEST_ENGINE !== 'postgres') console.log('db-copy: copying into PostgreSQL runs in the PostgreSQL pass');
