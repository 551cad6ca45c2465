import { afterAll, describe, expect, it } from 'vitest';
import { outOfServiceMessages } from '../../src/domain/out-of-service/out-of-service-messages';
import { cancelBooking } from '../../src/server/bookings/cancel/service';
import { findPeriodByRef, insertPeriod } from '../../src/server/out-of-service/repository';
import { jakartaInstant } from '../helpers/booking-fixtures';
import { bookOn, chatTexts, deviceSecret, linkChatTo } from '../helpers/borrower-chat';
import { createTestClock } from '../helpers/clock';
import { type FakeTelegram, startFakeTelegram } from '../helpers/fake-telegram';
import { ADMIN, BUDI, SITI, seedRoster } from '../helpers/roster';
import { PRODUCTION_PACING, startTestApp } from '../helpers/test-app';
import { createTestDatabase, TEST_ENGINE } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const DATE = '2026-11-27';
const ROSTER = [ADMIN, BUDI, { name: 'Rizky Maulana', class: 'PPTI 21' }, SITI, { name: 'Tono', class: 'PPTI 21' }];

describe(`an interrupted Batalkan semua is finished by the app itself, on ${TEST_ENGINE}`, () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('cancels the bookings still inside once, across two instances: one message per borrower, one to the owner', async () => {
    const telegram: FakeTelegram = await startFakeTelegram();
    cleanups.push(() => telegram.close());
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const clock = createTestClock(jakartaInstant('2026-11-26', '08:00').toISOString());
    const one = await startTestApp({ now: clock.now, database, telegram: telegram.telegram, bot: {} });
    await seedRoster(one.db, ROSTER);
    const bookings = [
      await bookOn(one, DATE, '09:00', '10:00', 'Budi Santoso'),
      await bookOn(one, DATE, '11:00', '12:00', 'Rizky Maulana'),
      await bookOn(one, DATE, '13:00', '14:00', 'Siti Rahmawati'),
    ];
    const outside = await bookOn(one, DATE, '17:00', '18:00', 'Tono');
    const chats = ['6001', '6002', '6003'];
    for (const [index, booking] of bookings.entries()) {
      await linkChatTo(one, telegram, chats[index] ?? '', deviceSecret(String.fromCharCode(97 + index)), [booking.token]);
    }

    // The process died after recording `cancel` and cancelling the first booking only.
    await insertPeriod(one.db.kysely, {
      ref: 'RERUNREF00000001',
      fromDate: DATE,
      fromTime: '08:00',
      untilDate: DATE,
      untilTime: '16:00',
      reason: 'Servis',
      createdAt: clock.now().toISOString(),
      createdBy: { kind: 'admin', name: 'Admin Uji' },
      decision: 'cancel',
    });
    const period = await findPeriodByRef(one.db.kysely, 'RERUNREF00000001');
    if (!period) throw new Error('the period is not stored');
    const admin = await one.db.kysely.selectFrom('users').select('id').where('name', '=', 'Admin Uji').executeTakeFirstOrThrow();
    const first = await cancelBooking(
      one.db,
      { ref: bookings[0]?.ref ?? '' },
      {
        who: { kind: 'admin', userId: admin.id, name: 'Admin Uji' },
        reason: outOfServiceMessages.cancelReason('Servis'),
        now: clock.now(),
        timeZone: 'Asia/Jakarta',
        cause: { kind: 'period', periodId: period.id },
      },
    );
    expect(first.kind).toBe('cancelled');
    await one.close();

    const instance = () =>
      startTestApp({
        now: clock.now,
        database,
        telegram: telegram.telegram,
        bot: {},
        handoverQuestions: true,
        notifier: PRODUCTION_PACING,
        buildOptions: { outOfServiceIntervalMs: 20 },
      });
    // Started one after the other: two instances migrating one SQLite file at once wait on each other for seconds.
    const two = await instance();
    const three = await instance();
    cleanups.push(
      () => two.close(),
      () => three.close(),
    );

    const standing = () =>
      two.db.kysely
        .selectFrom('borrow_request')
        .select('start_time')
        .where('borrow_date', '=', DATE)
        .where('cancelled_at', 'is', null)
        .orderBy('start_time')
        .execute();
    await waitUntil('the bookings inside cancelled', async () => (await standing()).length === 1);
    expect(await standing()).toEqual([{ start_time: '17:00' }]);
    const ownerKey = 'out-of-service-cancelled:RERUNREF00000001%';
    await waitUntil('the owner told', async () => {
      const rows = await two.db.kysely.selectFrom('outbox').select('id').where('dedupe_key', 'like', ownerKey).execute();
      return rows.length > 0;
    });
    await waitUntil('the outbox sent', async () => {
      const unsent = await two.db.kysely.selectFrom('outbox').select('id').where('sent_at', 'is', null).execute();
      return unsent.length === 0;
    });
    for (const chat of chats) {
      expect(chatTexts(telegram, chat).filter((text) => text.includes('dibatalkan'))).toEqual([
        expect.stringMatching(/ dibatalkan oleh admin Admin Uji: Motor tidak tersedia: Servis\.$/),
      ]);
    }
    const cancelRows = await two.db.kysely.selectFrom('outbox').select('dedupe_key').where('dedupe_key', 'like', 'cancelled:%').execute();
    expect(cancelRows).toHaveLength(3);
    const owner = await two.db.kysely.selectFrom('outbox').select('payload').where('dedupe_key', 'like', ownerKey).execute();
    expect(owner.map((row) => JSON.parse(row.payload).text)).toEqual(['3 peminjaman dibatalkan karena motor tidak tersedia (Servis).']);
    const recorded = await two.db.kysely.selectFrom('out_of_service_booking').select('action').where('period_id', '=', period.id).execute();
    expect(recorded.map((row) => row.action)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    const tono = await two.db.kysely
      .selectFrom('borrow_request')
      .select('cancelled_at')
      .where('ref', '=', outside.ref)
      .executeTakeFirstOrThrow();
    expect(tono.cancelled_at).toBeNull();
  });
});
