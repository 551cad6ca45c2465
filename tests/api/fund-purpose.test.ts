import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/server/roster/repository';
import { adminClient, loginCookie } from '../helpers/admin-fixtures';
import { bookingBody, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { ADMIN, RIZKY, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

const ROSTER = [ADMIN, { name: 'Sari Panitia', class: 'PPTI 22' }, RIZKY];
const DATE = '2026-11-27';

describe(`the purpose of a booking and the committee's hours on ${TEST_ENGINE}`, () => {
  let testApp: TestApp;
  let at = jakartaInstant('2026-11-26', '08:00');
  let api: ReturnType<typeof adminClient>;
  let cookie: string;

  let admin: User;

  beforeAll(async () => {
    testApp = await startTestApp({ now: () => at, buildOptions: { provisionalChargeIntervalMs: 3_600_000 } });
    [admin] = (await seedRoster(testApp.db, ROSTER)) as [User];
    await signIn();
  });
  // A session ends when the clock moves past its expiry.
  async function signIn() {
    cookie = await loginCookie(testApp.baseUrl, admin);
    api = adminClient(testApp.baseUrl, cookie);
  }
  afterAll(async () => {
    await testApp.close();
  });

  const book = (body: Record<string, unknown>) =>
    postBooking(testApp.baseUrl, { ...bookingBody({ name: 'Sari Panitia', date: DATE }), ...body });
  const memberRef = async (name: string) =>
    ((await api.get('/api/admin/members')).body.members as { ref: string; name: string }[]).find((member) => member.name === name)?.ref ??
    '';

  it('refuses Panitia for a member not marked, with the field named, and checks the purpose’s shape', async () => {
    const refused = await book({ start: '08:00', end: '10:00', purpose: 'committee' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ purpose: 'Keperluan Panitia hanya untuk anggota yang ditandai Panitia' });
    expect((await book({ start: '08:00', end: '10:00', purpose: 'Panitia' })).body.errors).toEqual({ purpose: 'Keperluan tidak valid' });
    expect((await requestJson(testApp.baseUrl, '/api/roster')).body.users).toEqual([
      { name: 'Admin Uji', class: 'PPTI 21' },
      { name: 'Rizky Maulana', class: 'PPTI 22' },
      { name: 'Sari Panitia', class: 'PPTI 22' },
    ]);
  });

  it('lets an admin mark a member Panitia (audited), who may then book up to 5 hours per booking and per day, rent-free', async () => {
    const ref = await memberRef('Sari Panitia');
    const marked = await api.put(`/api/admin/members/${ref}`, { name: 'Sari Panitia', class: 'PPTI 22', admin: false, committee: true });
    expect(marked.status).toBe(200);
    expect(marked.body.member).toMatchObject({ name: 'Sari Panitia', committee: true });
    const audit = (await api.get('/api/admin/audit')).body.entries as { action: string; detail: string }[];
    expect(audit[0]).toMatchObject({ action: 'member-edited', detail: 'Panitia: Ya' });
    expect((await requestJson(testApp.baseUrl, '/api/roster')).body.users).toContainEqual({
      name: 'Sari Panitia',
      class: 'PPTI 22',
      committee: true,
    });

    expect((await book({ start: '08:00', end: '13:01', purpose: 'committee' })).body.errors).toEqual({
      end: 'Keperluan Panitia hanya boleh pinjam 5 jam',
    });
    expect((await book({ start: '08:00', end: '12:00' })).body.errors).toEqual({ end: 'Kelas PPTI 22 hanya boleh pinjam 3 jam' });
    const committee = await book({ start: '08:00', end: '13:00', purpose: 'committee', reason: 'Beli perlengkapan acara' });
    expect(committee.status, JSON.stringify(committee.body)).toBe(201);
    expect((await book({ start: '14:00', end: '15:00', purpose: 'committee' })).body.errors).toEqual({
      end: 'Kamu udah pinjam 5 jam hari ini (maks 5 jam)',
    });

    const listed = (await api.get(`/api/admin/bookings?from=${DATE}&to=${DATE}`)).body.bookings as { ref: string; purpose: string }[];
    expect(listed.map((booking) => booking.purpose)).toEqual(['committee']);
    const csv = await (await fetch(`${testApp.baseUrl}/api/admin/bookings.csv?from=${DATE}&to=${DATE}`, { headers: { cookie } })).text();
    expect(csv.split('\r\n')[0]).toMatch(/,Keperluan$/);
    expect(csv.split('\r\n')[1]).toMatch(/,Panitia$/);
    const notice = await testApp.db.kysely.selectFrom('outbox').select('payload').where('kind', '=', 'booking').executeTakeFirstOrThrow();
    expect(JSON.parse(notice.payload)).toMatchObject({ name: 'Sari Panitia', purpose: 'committee' });

    at = jakartaInstant(DATE, '08:00');
    await signIn();
    const ref0 = listed[0]?.ref ?? '';
    expect((await api.post(`/api/admin/bookings/${ref0}/handover`, { event: 'pickup', date: DATE, time: '08:00' })).status).toBe(200);
    at = jakartaInstant(DATE, '13:40');
    await signIn();
    expect((await api.post(`/api/admin/bookings/${ref0}/handover`, { event: 'return', date: DATE, time: '13:40' })).status).toBe(200);
    const book0 = (await api.get('/api/admin/kas/book')).body.entries as { ref: string; charge: { lines: unknown[] } }[];
    expect(book0.find((entry) => entry.ref === ref0)?.charge.lines).toEqual([{ label: 'Denda terlambat 1 jam', amount: 10_000 }]);
  });

  it('charges no rent for Beli makan, and rent for the same use as Pribadi', async () => {
    at = jakartaInstant('2026-11-28', '07:00');
    await signIn();
    const date = '2026-11-28';
    const food = await postBooking(testApp.baseUrl, bookingBody({ name: 'Rizky Maulana', date, start: '08:00', end: '10:00' }));
    expect(food.status).toBe(201);
    const meal = await postBooking(testApp.baseUrl, {
      ...bookingBody({ name: 'Rizky Maulana', date, start: '11:00', end: '12:00' }),
      purpose: 'food',
    });
    expect(meal.status).toBe(201);
    const listed = (await api.get(`/api/admin/bookings?from=${date}&to=${date}`)).body.bookings as { ref: string; purpose: string }[];
    expect(listed.map((booking) => booking.purpose)).toEqual(['personal', 'food']);
    for (const [booking, back] of [
      [listed[0], '10:00'],
      [listed[1], '12:00'],
    ] as const) {
      at = jakartaInstant(date, back);
      await signIn();
      await api.post(`/api/admin/bookings/${booking?.ref}/handover`, { event: 'return', date, time: back });
    }
    const entries = (await api.get('/api/admin/kas/book')).body.entries as { ref: string; owed: number }[];
    expect(entries.find((entry) => entry.ref === listed[0]?.ref)?.owed).toBe(20_000);
    expect(entries.find((entry) => entry.ref === listed[1]?.ref)).toBeUndefined();
  });
});
