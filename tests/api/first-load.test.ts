import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_LOAD_ELEMENT_ID, type FirstLoad } from '../../src/domain/booking/first-load';
import { bookingBody, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { SITI, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

// A Sunday: its week runs from Monday 2026-11-16.
const TODAY = '2026-11-22';
const ODD_NAME = 'Budi </script><script>alert(1)</script> & <!-- Santoso';

/** The FirstLoad JSON inside the HTML of `path`, as the page reads it. */
async function firstLoadOf(baseUrl: string, path: string): Promise<FirstLoad> {
  const response = await fetch(`${baseUrl}${path}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/html');
  expect(response.headers.get('cache-control')).toBe('no-cache');
  const html = await response.text();
  const match = new RegExp(`<script type="application/json" id="${FIRST_LOAD_ELEMENT_ID}">([^<]*)</script>`).exec(html);
  expect(match, 'the page carries its first load').not.toBeNull();
  return JSON.parse(match?.[1] ?? '');
}

describe(`the first load inside the HTML of / on ${TEST_ENGINE}`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ now: () => jakartaInstant(TODAY, '10:00') });
    await seedRoster(testApp.db, [SITI, { name: ODD_NAME, class: 'PPTI 22' }]);
    expect(
      (await postBooking(testApp.baseUrl, bookingBody({ name: 'Siti Rahmawati', date: TODAY, start: '13:00', end: '14:00' }))).status,
    ).toBe(201);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('carries the server’s clock and today’s week exactly as the API answers them', async () => {
    const first = await firstLoadOf(testApp.baseUrl, '/');
    expect(first.clock).toEqual({
      today: TODAY,
      timeZone: 'Asia/Jakarta',
      now: jakartaInstant(TODAY, '10:00').toISOString(),
      time: '10:00',
      returnGraceMinutes: 10,
      loansOut: [],
      outOfService: { now: null, days: {} },
      window: { from: '2026-11-15', to: '2027-02-20' },
      waitingList: true,
      push: true,
    });
    const week = await requestJson(testApp.baseUrl, '/api/bookings?from=2026-11-16&to=2026-11-22');
    expect(first.weekStart).toBe('2026-11-16');
    expect(first.week).toEqual(week.body);
    expect(first.today).toBeUndefined();
  });

  it('carries the week of the day in the URL, and today apart when today is not in it', async () => {
    const first = await firstLoadOf(testApp.baseUrl, '/?tanggal=2026-12-02');
    expect([first.weekStart, first.week?.from, first.week?.to]).toEqual(['2026-11-30', '2026-11-30', '2026-12-06']);
    expect(first.today?.date).toBe(TODAY);
    expect(first.today?.bookings.map((booking) => booking.name)).toEqual(['Siti Rahmawati']);
  });

  it('carries of a week only its days inside the public window, and none of a week outside it', async () => {
    const edge = await firstLoadOf(testApp.baseUrl, '/?tanggal=2026-11-10');
    expect([edge.weekStart, edge.week?.from, edge.week?.to]).toEqual(['2026-11-09', '2026-11-15', '2026-11-15']);
    const old = await firstLoadOf(testApp.baseUrl, '/?tanggal=2020-01-01');
    expect(old.weekStart).toBe('2019-12-30');
    expect(old.week).toBeUndefined();
    expect(old.today?.date).toBe(TODAY);
  });

  it('is never older than the last write, and cannot end its script element whatever a name holds', async () => {
    expect((await postBooking(testApp.baseUrl, bookingBody({ name: ODD_NAME, date: TODAY, start: '15:00', end: '16:00' }))).status).toBe(
      201,
    );
    const first = await firstLoadOf(testApp.baseUrl, '/');
    const sunday = first.week?.days.find((day) => day.date === TODAY);
    expect(sunday?.bookings.map((booking) => booking.name)).toEqual(['Siti Rahmawati', ODD_NAME]);
  });
});
