import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CancelRequest, cancelBooking } from '../../src/server/bookings/cancel/service';
import { enqueueBotText } from '../../src/server/telegram/outbox/enqueue';
import { addVoucher, bookingBody, isVoucherUsed, jakartaInstant, listBookings, postBooking } from '../helpers/booking-fixtures';
import { BUDI, idsByName, SITI, seedRoster } from '../helpers/roster';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

const TODAY = '2026-11-22';

describe(`cancelling a booking on ${TEST_ENGINE}`, () => {
  let testApp: TestApp;
  let now = jakartaInstant(TODAY, '08:00');
  let ids: Map<string, string>;
  beforeAll(async () => {
    testApp = await startTestApp({ now: () => now });
    ids = idsByName(await seedRoster(testApp.db, [BUDI, SITI, { name: 'Admin Uji', class: 'PPTI 21' }]));
  });
  afterAll(async () => {
    await testApp.close();
  });

  const book = (overrides: Parameters<typeof bookingBody>[0]) => postBooking(testApp.baseUrl, bookingBody({ date: TODAY, ...overrides }));

  /** The ref of the one active booking starting at `start` on `date`. */
  async function refOf(date: string, start: string): Promise<string> {
    const row = await testApp.db.kysely
      .selectFrom('borrow_request')
      .select('ref')
      .where('borrow_date', '=', date)
      .where('start_time', '=', start)
      .where('cancelled_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (row.ref === null) throw new Error('a booking without a ref');
    return row.ref;
  }

  const byAdmin = (reason = 'Motor di bengkel'): CancelRequest => ({
    who: { kind: 'admin', userId: ids.get('Admin Uji') ?? '', name: 'Admin Uji' },
    reason,
    now,
    timeZone: 'Asia/Jakarta',
  });

  async function cancellationNotices() {
    return testApp.db.kysely.selectFrom('outbox').select('payload').where('kind', '=', 'booking-cancelled').orderBy('id').execute();
  }

  it('frees the slot and the daily hours at once, records who and why, and queues one notice', async () => {
    expect((await book({ name: 'Budi Santoso', start: '09:00', end: '13:00' })).status).toBe(201);
    expect((await book({ name: 'Siti Rahmawati', start: '10:00', end: '11:00' })).body.errors.start).toBe(
      'Bentrok dengan jadwal lain (09:00 - 13:00)',
    );
    const ref = await refOf(TODAY, '09:00');

    const outcome = await cancelBooking(testApp.db, { ref }, byAdmin('  Motor di bengkel  '));
    expect(outcome).toMatchObject({ kind: 'cancelled', voucherReturned: null, booking: { ref, name: 'Budi Santoso' } });

    expect((await listBookings(testApp.baseUrl, TODAY)).body.bookings).toEqual([]);
    expect((await book({ name: 'Siti Rahmawati', start: '10:00', end: '11:00' })).status).toBe(201);
    // Budi's 4 hours no longer count against his daily cap.
    expect((await book({ name: 'Budi Santoso', start: '14:00', end: '18:00' })).status).toBe(201);

    const row = await testApp.db.kysely.selectFrom('borrow_request').selectAll().where('ref', '=', ref).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      cancelled_at: now.toISOString(),
      cancelled_by_kind: 'admin',
      cancelled_by_user_id: ids.get('Admin Uji'),
      cancel_reason: 'Motor di bengkel',
    });
    const notices = await cancellationNotices();
    expect(notices.map((notice) => JSON.parse(notice.payload))).toEqual([
      {
        name: 'Budi Santoso',
        class: 'PPTI 21',
        date: TODAY,
        start: '09:00',
        end: '13:00',
        endDate: TODAY,
        cancelledBy: 'admin Admin Uji',
        cancelReason: 'Motor di bengkel',
      },
    ]);
  });

  it('changes nothing the second time and says the booking is already cancelled', async () => {
    expect((await book({ name: 'Siti Rahmawati', start: '19:00', end: '20:00' })).status).toBe(201);
    const ref = await refOf(TODAY, '19:00');
    expect((await cancelBooking(testApp.db, { ref }, byAdmin())).kind).toBe('cancelled');
    const before = (await cancellationNotices()).length;
    const again = await cancelBooking(testApp.db, { ref }, { ...byAdmin('lagi'), who: { kind: 'owner' } });
    expect(again).toMatchObject({ kind: 'refused', refusal: 'alreadyCancelled' });
    expect((await cancellationNotices()).length).toBe(before);
    const row = await testApp.db.kysely
      .selectFrom('borrow_request')
      .select(['cancel_reason', 'cancelled_by_kind'])
      .where('ref', '=', ref)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ cancel_reason: 'Motor di bengkel', cancelled_by_kind: 'admin' });
  });

  it('gives a spent voucher back, usable again by the next booking', async () => {
    await addVoucher(testApp.db, 'VCH-BACK22');
    expect((await book({ name: 'Siti Rahmawati', date: '2026-11-24', start: '08:00', end: '09:00', reason: 'VCH-BACK22' })).status).toBe(
      201,
    );
    expect(await isVoucherUsed(testApp.db, 'VCH-BACK22')).toBe(true);
    const outcome = await cancelBooking(testApp.db, { ref: await refOf('2026-11-24', '08:00') }, byAdmin());
    expect(outcome).toMatchObject({ kind: 'cancelled', voucherReturned: 'VCH-BACK22' });
    expect(await isVoucherUsed(testApp.db, 'VCH-BACK22')).toBe(false);
    const again = await book({ name: 'Budi Santoso', date: '2026-11-25', start: '08:00', end: '09:00', reason: 'VCH-BACK22' });
    expect(again.status).toBe(201);
    expect(again.body.booking.usedVoucher).toBe(true);
  });

  it('lets the borrower cancel only before the start, in the app zone; the owner at any time', async () => {
    expect((await book({ name: 'Budi Santoso', date: '2026-11-23', start: '07:00', end: '08:00' })).status).toBe(201);
    const ref = await refOf('2026-11-23', '07:00');
    const borrower = (at: Date): CancelRequest => ({ who: { kind: 'borrower' }, reason: 'Tidak jadi', now: at, timeZone: 'Asia/Jakarta' });

    expect(await cancelBooking(testApp.db, { ref }, borrower(jakartaInstant('2026-11-23', '07:00')))).toMatchObject({
      kind: 'refused',
      refusal: 'alreadyStarted',
    });
    expect((await cancelBooking(testApp.db, { ref }, borrower(jakartaInstant('2026-11-23', '06:59')))).kind).toBe('cancelled');

    now = jakartaInstant(TODAY, '06:00');
    expect((await book({ name: 'Siti Rahmawati', date: TODAY, start: '06:00', end: '07:00' })).status).toBe(201);
    now = jakartaInstant(TODAY, '23:00');
    const owner = await cancelBooking(testApp.db, { ref: await refOf(TODAY, '06:00') }, { ...byAdmin('Hujan'), who: { kind: 'owner' } });
    expect(owner.kind).toBe('cancelled');
  });

  it('withdraws the handover reminder already queued for the booking, and only that one', async () => {
    expect((await book({ name: 'Siti Rahmawati', date: '2026-11-26', start: '08:00', end: '09:00' })).status).toBe(201);
    expect((await book({ name: 'Budi Santoso', date: '2026-11-26', start: '10:00', end: '11:00' })).status).toBe(201);
    const [cancelled, kept] = [await refOf('2026-11-26', '08:00'), await refOf('2026-11-26', '10:00')];
    for (const ref of [cancelled, kept]) await enqueueBotText(testApp.db.kysely, 'reminder', 'Siapkan kunci', `reminder:${ref}`, now);
    expect((await cancelBooking(testApp.db, { ref: cancelled }, byAdmin())).kind).toBe('cancelled');
    const reminders = await testApp.db.kysely
      .selectFrom('outbox')
      .select(['dedupe_key', 'given_up_at', 'last_error'])
      .where('kind', '=', 'reminder')
      .orderBy('dedupe_key')
      .execute();
    expect(new Map(reminders.map((row) => [row.dedupe_key, row.given_up_at === null ? 'pending' : row.last_error]))).toEqual(
      new Map([
        [`reminder:${cancelled}`, 'booking cancelled'],
        [`reminder:${kept}`, 'pending'],
      ]),
    );
  });

  it('answers notFound for a ref no booking has', async () => {
    expect(await cancelBooking(testApp.db, { ref: 'no-such-ref' }, byAdmin())).toEqual({ kind: 'notFound' });
  });
});
