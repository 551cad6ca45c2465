import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/database';
import { editMember, setMemberActiveness } from '../../src/server/admin/member-service';
import { cancelBooking } from '../../src/server/bookings/cancel/service';
import { scheduleAnswer, scheduleFollowsNotices, scheduleHasHeard } from '../../src/server/schedule/service';
import { readScheduleVersion } from '../../src/server/schedule/version';
import { bookingBody, jakartaInstant, listBookings, postBooking } from '../helpers/booking-fixtures';
import { BUDI, idsByName, SITI, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const TODAY = '2026-11-22';
const DAY = '2026-12-01';
const now = jakartaInstant(TODAY, '08:00');

/** Who has the bike on DAY, as instance `base` says: `name (class) start-end`. */
async function shownOn(baseUrl: string, date = DAY): Promise<string[]> {
  const reply = await listBookings(baseUrl, date);
  expect(reply.status).toBe(200);
  return reply.body.bookings.map(
    (booking: { name: string; class: string; start: string; end: string }) =>
      `${booking.name} (${booking.class}) ${booking.start}-${booking.end}`,
  );
}

/** Two instances on one database: a write through either is read through the other. */
describe(`the schedule cache on ${TEST_ENGINE}, two instances on one database`, () => {
  let first: TestApp;
  let second: TestApp;
  let ids: Map<string, string>;
  beforeAll(async () => {
    first = await startTestApp({ now: () => now });
    second = await startTestApp({ now: () => now, database: first.database });
    ids = idsByName(await seedRoster(first.db, [BUDI, SITI, { name: 'Admin Uji', class: 'PPTI 21' }]));
    if (TEST_ENGINE === 'postgres') {
      // On PostgreSQL the instances follow the counter's notices once they listen (decision
      // 0032): the writes below reach the other instance as notices, not through a read.
      await waitUntil('both instances to follow the schedule notices', async () => {
        await Promise.all([shownOn(first.baseUrl), shownOn(second.baseUrl)]);
        return scheduleFollowsNotices(first.db) && scheduleFollowsNotices(second.db);
      });
    }
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  /**
   * On PostgreSQL a write reaches the other instance as a notice that PostgreSQL delivers a moment
   * after the commit: milliseconds when the database's cores are busy (decision 0032). This waits
   * until both instances have heard of every write so far; their next request must then show it.
   * On SQLite every turn reads the counter, and the very next request shows the write.
   */
  async function bothHeard(): Promise<void> {
    if (TEST_ENGINE !== 'postgres') return;
    const version = await readScheduleVersion(first.db.kysely);
    await waitUntil('both instances to hear the notice of the last write', () =>
      [first, second].every((instance) => scheduleHasHeard(instance.db, version)),
    );
  }

  async function refOf(start: string): Promise<string> {
    const row = await first.db.kysely
      .selectFrom('borrow_request')
      .select('ref')
      .where('borrow_date', '=', DAY)
      .where('start_time', '=', start)
      .where('cancelled_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (row.ref === null) throw new Error('a booking without a ref');
    return row.ref;
  }

  it('shows a booking made on one instance on the other at its next request (on PostgreSQL, once the notice is in)', async () => {
    expect(await shownOn(first.baseUrl)).toEqual([]);
    expect(await shownOn(second.baseUrl)).toEqual([]);
    expect((await postBooking(first.baseUrl, bookingBody({ name: 'Budi Santoso', date: DAY, start: '08:00', end: '10:00' }))).status).toBe(
      201,
    );
    await bothHeard();
    expect(await shownOn(second.baseUrl)).toEqual(['Budi Santoso (PPTI 21) 08:00-10:00']);
    expect(await shownOn(first.baseUrl)).toEqual(['Budi Santoso (PPTI 21) 08:00-10:00']);
    expect(
      (await postBooking(second.baseUrl, bookingBody({ name: 'Siti Rahmawati', date: DAY, start: '13:00', end: '14:00' }))).status,
    ).toBe(201);
    await bothHeard();
    expect(await shownOn(first.baseUrl)).toEqual(['Budi Santoso (PPTI 21) 08:00-10:00', 'Siti Rahmawati (PPTI 21) 13:00-14:00']);
  });

  it('drops a booking cancelled through the one cancelling service at the next request of both instances', async () => {
    expect(await shownOn(second.baseUrl)).toContain('Siti Rahmawati (PPTI 21) 13:00-14:00');
    const outcome = await cancelBooking(
      first.db,
      { ref: await refOf('13:00') },
      {
        who: { kind: 'admin', userId: ids.get('Admin Uji') ?? '', name: 'Admin Uji' },
        reason: 'Motor di bengkel',
        now,
        timeZone: 'Asia/Jakarta',
      },
    );
    expect(outcome.kind).toBe('cancelled');
    await bothHeard();
    expect(await shownOn(second.baseUrl)).toEqual(['Budi Santoso (PPTI 21) 08:00-10:00']);
    expect(await shownOn(first.baseUrl)).toEqual(['Budi Santoso (PPTI 21) 08:00-10:00']);
  });

  it('shows a borrower’s new name and class after a roster change on either instance’s database handle', async () => {
    expect(await shownOn(first.baseUrl)).toEqual(['Budi Santoso (PPTI 21) 08:00-10:00']);
    await first.db.kysely
      .updateTable('users')
      .set({ name: 'Budi S.' })
      .where('id', '=', ids.get('Budi Santoso') ?? '')
      .execute();
    await bothHeard();
    expect(await shownOn(second.baseUrl)).toEqual(['Budi S. (PPTI 21) 08:00-10:00']);
    await second.db.kysely
      .updateTable('users')
      .set({ class: 'PPTI 22' })
      .where('id', '=', ids.get('Budi Santoso') ?? '')
      .execute();
    await bothHeard();
    expect(await shownOn(first.baseUrl)).toEqual(['Budi S. (PPTI 22) 08:00-10:00']);
  });

  it('follows a rename and a deactivation made through the admin console’s own service, on the other instance', async () => {
    const member = await first.db.kysely
      .selectFrom('users')
      .select('ref')
      .where('id', '=', ids.get('Budi Santoso') ?? '')
      .executeTakeFirstOrThrow();
    const ref = member.ref ?? '';
    const admin = { id: ids.get('Admin Uji') ?? '', name: 'Admin Uji' };
    const before = await shownOn(second.baseUrl);
    expect(
      (await editMember(first.db, admin, ref, { name: 'Budi Console', class: 'PPTI 23', admin: false, committee: false }, now)).kind,
    ).toBe('ok');
    await bothHeard();
    expect(await shownOn(second.baseUrl)).toEqual(before.map((line) => line.replace(/^Budi S[^(]*\([^)]*\)/, 'Budi Console (PPTI 23)')));
    // A deactivation changes no line of today's schedule, yet it is a write to what the schedule
    // reads: the counter moves in its transaction, so nothing kept from before it is used again.
    const version = await readScheduleVersion(second.db.kysely);
    expect((await setMemberActiveness(first.db, admin, ref, false, now)).kind).toBe('ok');
    expect(await readScheduleVersion(second.db.kysely)).not.toBe(version);
    expect((await setMemberActiveness(first.db, admin, ref, true, now)).kind).toBe('ok');
    expect((await editMember(first.db, admin, ref, { name: 'Budi S.', class: 'PPTI 22', admin: false, committee: false }, now)).kind).toBe(
      'ok',
    );
    await bothHeard();
    expect(await shownOn(second.baseUrl)).toEqual(before);
  });

  it('sees a write made by another process on the database (the roster command, an admin by hand)', async () => {
    expect(await shownOn(first.baseUrl)).toEqual(['Budi S. (PPTI 22) 08:00-10:00']);
    const outside = createDb(first.database.location);
    try {
      await outside.kysely
        .updateTable('users')
        .set({ name: 'Budi Santoso', class: 'PPTI 21' })
        .where('id', '=', ids.get('Budi Santoso') ?? '')
        .execute();
      await bothHeard();
      expect(await shownOn(first.baseUrl)).toEqual(['Budi Santoso (PPTI 21) 08:00-10:00']);
      await outside.kysely.deleteFrom('borrow_request').where('borrow_date', '=', DAY).execute();
      await bothHeard();
      expect(await shownOn(second.baseUrl)).toEqual([]);
    } finally {
      await outside.close();
    }
  });
});

describe(`schedule answers and their validators on ${TEST_ENGINE}`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ now: () => now });
    await seedRoster(testApp.db, [BUDI]);
    expect((await postBooking(testApp.baseUrl, bookingBody({ date: DAY, start: '08:00', end: '10:00' }))).status).toBe(201);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const path = `/api/bookings?date=${DAY}`;

  it('answers 304 without a body to a matching If-None-Match, and revalidates on every use', async () => {
    const first = await requestJson(testApp.baseUrl, path);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');

    const response = await fetch(`${testApp.baseUrl}${path}`, { headers: { 'if-none-match': etag } });
    expect(response.status).toBe(304);
    expect(await response.text()).toBe('');
    expect(response.headers.get('etag')).toBe(etag);

    const inList = await fetch(`${testApp.baseUrl}${path}`, { headers: { 'if-none-match': `W/"other", ${etag}` } });
    expect(inList.status).toBe(304);
  });

  it('answers the whole body to an If-None-Match that does not match', async () => {
    const reply = await requestJson(testApp.baseUrl, path, { headers: { 'if-none-match': 'W/"not-this-one"' } });
    expect(reply.status).toBe(200);
    expect(reply.body.bookings).toHaveLength(1);
  });

  it('gives the same validator while the day is unchanged, even after a write to another day, and a new one after a write to it', async () => {
    const before = (await requestJson(testApp.baseUrl, path)).headers.get('etag');
    expect((await postBooking(testApp.baseUrl, bookingBody({ date: '2026-12-02', start: '08:00', end: '10:00' }))).status).toBe(201);
    const afterOtherDay = await fetch(`${testApp.baseUrl}${path}`, { headers: { 'if-none-match': before ?? '' } });
    expect(afterOtherDay.status).toBe(304);

    expect((await postBooking(testApp.baseUrl, bookingBody({ date: DAY, start: '12:00', end: '13:00' }))).status).toBe(201);
    const afterSameDay = await fetch(`${testApp.baseUrl}${path}`, { headers: { 'if-none-match': before ?? '' } });
    expect(afterSameDay.status).toBe(200);
    expect(afterSameDay.headers.get('etag')).not.toBe(before);
    expect(((await afterSameDay.json()) as { bookings: unknown[] }).bookings).toHaveLength(2);
  });

  it('sends a week compressed as the phone asks (br, gzip or not at all), with the same bookings each way', async () => {
    // Enough bookings that the week's JSON passes the 1 KB under which nothing is compressed.
    for (const [index, start] of ['14:00', '16:00', '18:00', '20:00'].entries()) {
      for (const date of ['2026-12-03', '2026-12-04']) {
        const end = `${String(15 + index * 2).padStart(2, '0')}:00`;
        expect((await postBooking(testApp.baseUrl, bookingBody({ date, start, end }))).status).toBe(201);
      }
    }
    const week = '/api/bookings?from=2026-11-30&to=2026-12-06';
    const plain = await fetch(`${testApp.baseUrl}${week}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const json = await plain.text();
    expect(json.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip']) {
      const response = await fetch(`${testApp.baseUrl}${week}`, { headers: { 'accept-encoding': encoding } });
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      expect(response.headers.get('etag')).toBe(plain.headers.get('etag'));
      // fetch undoes the encoding: the bytes that arrive are the same JSON.
      expect(await response.text()).toBe(json);
    }
  });

  it('still refuses a bad query after a good one was kept', async () => {
    expect((await requestJson(testApp.baseUrl, path)).status).toBe(200);
    const reply = await requestJson(testApp.baseUrl, `${path}&user=1`);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: 'Data yang dikirim tidak valid', errors: { user: 'Kolom user tidak dikenal' } });
  });
});

describe(`a schedule read beside an open write transaction on ${TEST_ENGINE}`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ now: () => now });
    await seedRoster(testApp.db, [BUDI, SITI]);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('keeps nothing under a counter raised by a transaction that then rolls back', async () => {
    const url = `/api/bookings?date=${DAY}`;
    const rolledBack = new Error('rolled back on purpose');
    let during: Promise<unknown> | undefined;
    await expect(
      testApp.db.kysely.transaction().execute(async (trx) => {
        const user = await trx.selectFrom('users').select('id').where('name', '=', 'Budi Santoso').executeTakeFirstOrThrow();
        await trx
          .insertInto('borrow_request')
          .values({
            users_id: user.id,
            borrow_date: DAY,
            start_time: '08:00',
            end_time: '09:00',
            reason: 'x',
            need_stnk: false,
            end_date: DAY,
          })
          .execute();
        // The schedule is asked for while the raised counter is not committed.
        during = scheduleAnswer(testApp.db, url, { date: DAY });
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(JSON.parse(((await during) as { body: string }).body).bookings).toEqual([]);

    // Another write raises the counter to the value the rolled-back one had reached.
    expect(
      (await postBooking(testApp.baseUrl, bookingBody({ name: 'Siti Rahmawati', date: DAY, start: '10:00', end: '11:00' }))).status,
    ).toBe(201);
    expect(await shownOn(testApp.baseUrl)).toEqual(['Siti Rahmawati (PPTI 21) 10:00-11:00']);
  });
});
