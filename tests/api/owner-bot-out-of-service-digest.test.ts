import { afterAll, describe, expect, it } from 'vitest';
import { createPeriod } from '../../src/server/out-of-service/service';
import { bookingBody, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { createTestClock } from '../helpers/clock';
import { type FakeTelegram, startFakeTelegram } from '../helpers/fake-telegram';
import { BUDI, seedRoster } from '../helpers/roster';
import { startTestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const TODAY = '2026-11-22';

describe(`the morning digest while the bike is out of service, on ${TEST_ENGINE}`, () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("begins with each period reaching today, says an open-ended one, and leaves out tomorrow's", async () => {
    const telegram: FakeTelegram = await startFakeTelegram();
    cleanups.push(() => telegram.close());
    // 05:59 in Jakarta, the day before: the periods and the booking are made, then the digest is due.
    const clock = createTestClock(jakartaInstant('2026-11-21', '05:59').toISOString());
    const testApp = await startTestApp({ now: clock.now, telegram: telegram.telegram, bot: { digestTime: '06:00' } });
    cleanups.push(() => testApp.close());
    await seedRoster(testApp.db, [BUDI]);
    const booked = await postBooking(testApp.baseUrl, bookingBody({ name: 'Budi Santoso', date: TODAY, start: '11:00', end: '12:00' }));
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const at = { now: clock.now(), timeZone: 'Asia/Jakarta' };
    const make = (fromDate: string, fromTime: string, until: [string, string] | null, reason: string) =>
      createPeriod(
        testApp.db,
        {
          period: { fromDate, fromTime, untilDate: until?.[0] ?? null, untilTime: until?.[1] ?? null, reason },
          by: { kind: 'owner' },
          decision: 'keep',
        },
        at,
      );
    await make('2026-11-21', '20:00', [TODAY, '10:00'], 'Ban bocor');
    await make(TODAY, '18:00', null, 'Servis');
    await make('2026-11-23', '08:00', ['2026-11-23', '09:00'], 'Ganti oli');

    clock.advance(jakartaInstant(TODAY, '06:00').getTime() - clock.now().getTime());
    await waitUntil('the digest', async () => {
      const rows = await testApp.db.kysely.selectFrom('outbox').select('sent_at').where('kind', '=', 'digest').execute();
      return rows.length === 1 && rows[0]?.sent_at !== null;
    });
    const digest = telegram.delivered.filter((message) => message.text.includes('Jadwal hari ini'));
    expect(digest.map((message) => message.text)).toEqual([
      [
        'Motor tidak tersedia (Ban bocor) sampai Minggu, 22 November 2026 jam 10:00.',
        '',
        'Motor tidak tersedia (Servis).',
        '',
        'Jadwal hari ini, Minggu, 22 November 2026',
        '11:00 - 12:00 Budi Santoso (PPTI 21)',
      ].join('\n'),
    ]);
  });
});
