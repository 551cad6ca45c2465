import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, findMinutes, formatMinutes, localMomentIn } from '../../src/domain/time/clock';
import { bookingBody, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { BUDI, seedRoster } from '../helpers/roster';
import { startServerProcess } from '../helpers/server-process';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { createTestDatabase, TEST_ENGINE } from '../helpers/test-db';

const PAST_DATE = 'Tanggal tidak boleh di masa lalu';

// Behind Jakarta (UTC, Los Angeles), a server that used its own zone would take 00:05 WIB for
// the day before; ahead of it (Kiritimati, UTC+14), it would take 23:55 WIB for the day after.
const ZONES = ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati'];
const INSTANTS = [
  { label: '00:05 WIB', date: '2026-11-23', time: '00:05' },
  { label: '23:55 WIB', date: '2026-11-24', time: '23:55' },
];

describe(`"today" is Jakarta's whatever the server's zone, on ${TEST_ENGINE}`, () => {
  const processZone = process.env.TZ;
  let current = jakartaInstant('2026-11-23', '00:05');
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ now: () => current });
    await seedRoster(
      testApp.db,
      ZONES.map((_, index) => ({ name: `Mahasiswa ${index}`, class: 'PPTI 21' })),
    );
  });
  afterEach(() => {
    process.env.TZ = processZone;
  });
  afterAll(async () => {
    await testApp.close();
  });

  const cases = ZONES.flatMap((zone, index) => INSTANTS.map((instant) => ({ zone, index, ...instant })));
  it.each(cases)('under TZ=$zone at $label on $date: today passes, yesterday fails', async ({ zone, index, date, time }) => {
    process.env.TZ = zone;
    current = jakartaInstant(date, time);
    // Node applies a changed TZ at once; this proves the process really runs in that zone now.
    expect(new Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(zone);

    expect((await requestJson(testApp.baseUrl, '/api/today')).body).toEqual({
      today: date,
      timeZone: 'Asia/Jakarta',
      now: current.toISOString(),
      time,
      returnGraceMinutes: 10,
      loansOut: [],
      outOfService: { now: null, days: {} },
      window: { from: addDays(date, -7), to: addDays(date, 90) },
      waitingList: true,
      push: true,
    });
    const name = `Mahasiswa ${index}`;
    // Late in the day, a start up to 15 minutes back (0041).
    const [start, end] =
      time === '23:55'
        ? [`23:${40 + index * 5}`, `23:${45 + index * 5}`]
        : [`${String(8 + index * 2).padStart(2, '0')}:00`, `${String(9 + index * 2).padStart(2, '0')}:00`];
    const today = await postBooking(testApp.baseUrl, bookingBody({ name, date, start, end }));
    expect(today.status).toBe(201);
    const yesterday = await postBooking(testApp.baseUrl, bookingBody({ name, date: addDays(date, -1), start, end }));
    expect(yesterday.status).toBe(422);
    expect(yesterday.body).toEqual({ errors: { date: PAST_DATE } });
  });

  it('follows APP_TIMEZONE when it names another zone', async () => {
    const losAngeles = await startTestApp({
      now: () => jakartaInstant('2026-11-23', '00:05'),
      config: { timeZone: 'America/Los_Angeles' },
    });
    try {
      await seedRoster(losAngeles.db, [BUDI]);
      // 00:05 in Jakarta on the 23rd is still the morning of the 22nd in Los Angeles.
      expect((await postBooking(losAngeles.baseUrl, bookingBody({ date: '2026-11-22', start: '08:49' }))).body).toEqual({
        errors: { start: 'Jam mulai sudah lewat' },
      });
      expect((await postBooking(losAngeles.baseUrl, bookingBody({ date: '2026-11-22', start: '08:50' }))).status).toBe(201);
      const reply = await postBooking(losAngeles.baseUrl, bookingBody({ date: '2026-11-21' }));
      expect(reply.body).toEqual({ errors: { date: PAST_DATE } });
    } finally {
      await losAngeles.close();
    }
  });
});

describe(`the built server started with TZ set, on ${TEST_ENGINE}`, () => {
  it.each(['UTC', 'America/Los_Angeles'])('TZ=%s: books Jakarta’s today and refuses its yesterday', async (zone) => {
    const database = await createTestDatabase({ roster: [BUDI] });
    const server = await startServerProcess({ DATABASE_URL: database.url, TZ: zone });
    try {
      // The real clock: a start 10 minutes back lies within the 15-minute grace (0041) at any hour;
      // if Jakarta's date turns over between the requests, try once more.
      const attempt = async () => {
        const now = localMomentIn('Asia/Jakarta', new Date());
        const start = Math.max(0, (findMinutes(now.time) ?? 0) - 10);
        const body = bookingBody({ date: now.date, start: formatMinutes(start), end: formatMinutes(start + 10) });
        const booked = await postBooking(server.baseUrl, body);
        const refused = await postBooking(server.baseUrl, bookingBody({ date: addDays(now.date, -1) }));
        return { booked, refused, stable: localMomentIn('Asia/Jakarta', new Date()).date === now.date };
      };
      let result = await attempt();
      if (!result.stable) result = await attempt();
      expect(result.booked.status).toBe(201);
      expect(result.refused.body).toEqual({ errors: { date: PAST_DATE } });
    } finally {
      await server.stop();
      await database.drop();
    }
  });
});
