import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/time/clock';
import { cancelBooking } from '../../src/server/bookings/cancel/service';
import { findOutboxText } from '../../src/server/telegram/outbox/kinds';
import { addVoucher, bookingBody, isVoucherUsed, jakartaInstant, listBookings, postBooking } from '../helpers/booking-fixtures';
import { parseCalendar } from '../helpers/icalendar';
import { BUDI, SITI, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

const TODAY = '2026-11-22';

describe(`the borrower's cancel secret on ${TEST_ENGINE}`, () => {
  let testApp: TestApp;
  let now = jakartaInstant(TODAY, '08:00');
  const logLines: string[] = [];
  /** Every secret the server handed out, to look for where it must never be. */
  const issued: string[] = [];
  /** Every body the server answered outside the booking's own answer, to look for the secrets in. */
  const otherAnswers: string[] = [];
  let nextAddress = 1;
  /** Each test asks from an address of its own, so the per-address limit of one never touches another. */
  const newAddress = () => `203.0.113.${nextAddress++}`;

  beforeAll(async () => {
    testApp = await startTestApp({
      now: () => now,
      config: { trustProxy: 1 },
      buildOptions: { logger: { level: 'trace', stream: { write: (line: string) => logLines.push(line) } } },
    });
    await seedRoster(testApp.db, [BUDI, SITI]);
  });
  afterAll(async () => {
    await testApp.close();
  });

  async function book(overrides: Parameters<typeof bookingBody>[0]): Promise<string> {
    const reply = await postBooking(testApp.baseUrl, bookingBody({ date: TODAY, ...overrides }));
    expect(reply.status).toBe(201);
    const token = reply.body.cancelToken as string;
    issued.push(token);
    return token;
  }

  async function ask(path: string, address: string, body?: unknown, headers: Record<string, string> = {}) {
    const reply = await requestJson(testApp.baseUrl, path, {
      ...(body === undefined ? {} : { body }),
      headers: { 'x-forwarded-for': address, ...headers },
    });
    otherAnswers.push(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
    return reply;
  }
  const cancel = (token: unknown, address = newAddress()) => ask('/api/bookings/cancel', address, { token });
  const byToken = (token: string, address = newAddress()) => ask('/api/bookings/by-token', address, { token });
  const calendarFile = (token: string, address = newAddress()) => ask('/api/bookings/by-token/ics', address, { token });

  const cancellationPayloads = async () =>
    (
      await testApp.db.kysely
        .selectFrom('outbox')
        .select(['kind', 'payload'])
        .where('kind', '=', 'booking-cancelled')
        .orderBy('id')
        .execute()
    ).map((row) => ({ payload: JSON.parse(row.payload), text: findOutboxText(row.kind, row.payload) }));

  it('answers a 128-bit base64url secret once; the database keeps only its SHA-256', async () => {
    const token = await book({ name: 'Budi Santoso', date: '2026-11-30', start: '08:00', end: '09:00' });
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(16);
    const row = await testApp.db.kysely
      .selectFrom('borrow_request')
      .selectAll()
      .where('borrow_date', '=', '2026-11-30')
      .executeTakeFirstOrThrow();
    expect(row.cancel_token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    const other = await book({ name: 'Budi Santoso', date: '2026-11-30', start: '10:00', end: '11:00' });
    expect(other).not.toBe(token);
  });

  it('shows the one booking a secret names: span, name, class and status, no ids and no reason', async () => {
    const token = await book({ name: 'Siti Rahmawati', date: '2026-11-24', start: '13:00', end: '14:30', reason: 'Rahasia pribadi' });
    const reply = await byToken(token);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.headers.get('referrer-policy')).toBe('no-referrer');
    expect(reply.body).toEqual({
      booking: {
        date: '2026-11-24',
        start: '13:00',
        end: '14:30',
        endDate: '2026-11-24',
        name: 'Siti Rahmawati',
        class: 'PPTI 21',
        status: 'upcoming',
        cancellation: null,
        handover: {
          stage: 'booked',
          state: 'Dijadwalkan',
          pickedUpAt: null,
          returnedAt: null,
          pickupOpen: false,
          returnOpen: false,
          needStnk: false,
          waitsForLateBike: false,
        },
        charge: null,
      },
    });
  });

  it('cancels exactly its own booking before the start: the slot is free at once and the owner is told once', async () => {
    const mine = await book({ name: 'Budi Santoso', start: '10:00', end: '12:00' });
    await book({ name: 'Budi Santoso', start: '13:00', end: '14:00' });
    const before = (await cancellationPayloads()).length;

    now = jakartaInstant(TODAY, '09:59');
    const reply = await cancel(mine);
    expect(reply.status).toBe(200);
    expect(reply.body.booking).toMatchObject({ date: TODAY, start: '10:00', end: '12:00', status: 'cancelled' });

    expect((await listBookings(testApp.baseUrl, TODAY)).body.bookings.map((booking: { start: string }) => booking.start)).toEqual([
      '13:00',
    ]);
    expect(
      (await postBooking(testApp.baseUrl, bookingBody({ name: 'Siti Rahmawati', date: TODAY, start: '10:00', end: '12:00' }))).status,
    ).toBe(201);

    const row = await testApp.db.kysely
      .selectFrom('borrow_request')
      .select(['cancelled_at', 'cancelled_by_kind', 'cancelled_by_user_id', 'cancel_reason'])
      .where('cancel_token_hash', '=', createHash('sha256').update(mine).digest('hex'))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      cancelled_at: now.toISOString(),
      cancelled_by_kind: 'borrower',
      cancelled_by_user_id: null,
      cancel_reason: 'Peminjam tidak jadi pinjam',
    });
    const notices = (await cancellationPayloads()).slice(before);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain('*Peminjaman dibatalkan*');
    expect(notices[0]?.text).toContain('*Dibatalkan oleh:* peminjam');
    expect(notices[0]?.payload).toMatchObject({ name: 'Budi Santoso', start: '10:00', cancelledBy: 'peminjam' });
  });

  it('refuses once the booking has started, in the app zone, and leaves it booked', async () => {
    now = jakartaInstant(TODAY, '08:00');
    const token = await book({ name: 'Siti Rahmawati', start: '15:00', end: '16:00' });
    now = jakartaInstant(TODAY, '15:00');
    const reply = await cancel(token);
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ message: 'Peminjaman yang sudah dimulai hanya bisa dibatalkan admin.' });
    expect((await byToken(token)).body.booking.status).toBe('started');
    expect((await listBookings(testApp.baseUrl, TODAY)).body.bookings.map((booking: { start: string }) => booking.start)).toContain(
      '15:00',
    );
  });

  it('says a cancelled booking is cancelled, and changes nothing the second time', async () => {
    now = jakartaInstant(TODAY, '08:00');
    const token = await book({ name: 'Siti Rahmawati', date: '2026-11-25', start: '08:00', end: '09:00' });
    expect((await cancel(token)).status).toBe(200);
    const notices = (await cancellationPayloads()).length;
    const again = await cancel(token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Peminjaman ini sudah dibatalkan.');
    expect((await byToken(token)).body.booking.status).toBe('cancelled');
    expect((await cancellationPayloads()).length).toBe(notices);
  });

  it("answers the card's one lookup for all its bookings, in order, with who cancelled and why, and null for a secret it does not know", async () => {
    now = jakartaInstant(TODAY, '08:00');
    const standing = await book({ name: 'Budi Santoso', date: '2026-11-26', start: '08:00', end: '09:00' });
    const byOwner = await book({ name: 'Budi Santoso', date: '2026-11-26', start: '10:00', end: '11:00' });
    const byBorrower = await book({ name: 'Siti Rahmawati', date: '2026-11-26', start: '12:00', end: '13:00' });
    const { ref } = await testApp.db.kysely
      .selectFrom('borrow_request')
      .select('ref')
      .where('borrow_date', '=', '2026-11-26')
      .where('start_time', '=', '10:00')
      .executeTakeFirstOrThrow();
    const owner = await cancelBooking(
      testApp.db,
      { ref: ref ?? '' },
      { who: { kind: 'owner' }, reason: 'Ban bocor', now, timeZone: 'Asia/Jakarta' },
    );
    expect(owner.kind).toBe('cancelled');
    expect((await cancel(byBorrower)).status).toBe(200);
    const unknown = 'A'.repeat(22);

    const reply = await ask('/api/bookings/by-tokens', newAddress(), { tokens: [byOwner, unknown, standing, byBorrower] });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    const bookings = reply.body.bookings as ({ start: string; status: string; cancellation: unknown } | null)[];
    expect(bookings.map((booking) => booking && [booking.start, booking.status, booking.cancellation])).toEqual([
      ['10:00', 'cancelled', { by: 'pemilik (Telegram)', reason: 'Ban bocor' }],
      null,
      ['08:00', 'upcoming', null],
      ['12:00', 'cancelled', { by: 'peminjam', reason: 'Peminjam tidak jadi pinjam' }],
    ]);
    // The same answer a single lookup gives, booking for booking.
    expect(bookings[2]).toEqual((await byToken(standing)).body.booking);
  });

  it('refuses a lookup of no secret, or of more than 20 at once, and one from another site', async () => {
    const token = await book({ name: 'Budi Santoso', date: '2026-12-01', start: '08:00', end: '09:00' });
    for (const body of [{ tokens: [] }, { tokens: Array.from({ length: 21 }, () => token) }, { tokens: 'abc' }, {}]) {
      const reply = await ask('/api/bookings/by-tokens', newAddress(), body);
      expect(reply.status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect((await ask('/api/bookings/by-tokens', newAddress(), { tokens: Array.from({ length: 20 }, () => token) })).status).toBe(200);
    const foreign = await ask('/api/bookings/by-tokens', newAddress(), { tokens: [token] }, { origin: 'https://jahat.example' });
    expect([foreign.status, foreign.body]).toEqual([403, { message: 'Permintaan ditolak' }]);
  });

  it('gives a spent voucher back', async () => {
    await addVoucher(testApp.db, 'VCH-SELF01');
    const token = await book({ name: 'Budi Santoso', date: '2026-11-26', start: '20:00', end: '21:00', reason: 'VCH-SELF01' });
    expect(await isVoucherUsed(testApp.db, 'VCH-SELF01')).toBe(true);
    expect((await cancel(token)).status).toBe(200);
    expect(await isVoucherUsed(testApp.db, 'VCH-SELF01')).toBe(false);
  });

  it('answers 404 for an unknown or malformed secret and 400 for a body that is not one', async () => {
    const token = await book({ name: 'Budi Santoso', date: '2026-11-27', start: '08:00', end: '09:00' });
    const unknown = [
      'AAAAAAAAAAAAAAAAAAAAAA',
      token.slice(0, -1),
      `${token}A`,
      token.slice(0, 21) + (token.endsWith('A') ? 'B' : 'A'),
      'abc',
      '../../etc/passwd',
      '',
    ];
    for (const candidate of unknown) {
      const reply = await cancel(candidate);
      expect([candidate, reply.status, reply.body]).toEqual([candidate, 404, { message: 'Link pembatalan tidak berlaku.' }]);
    }
    for (const candidate of unknown) {
      for (const ask of [byToken, calendarFile]) {
        const reply = await ask(candidate);
        expect([candidate, reply.status, reply.body]).toEqual([candidate, 404, { message: 'Link pembatalan tidak berlaku.' }]);
      }
    }
    for (const path of ['/api/bookings/cancel', '/api/bookings/by-token', '/api/bookings/by-token/ics']) {
      for (const body of [{}, { token: 42 }, { token: token, extra: 1 }, { token: 'x'.repeat(201) }, '{"token":']) {
        const reply = await ask(path, newAddress(), body);
        expect([path, body, reply.status]).toEqual([path, body, 400]);
        expect(reply.body.message).toBe('Data yang dikirim tidak valid');
      }
    }
    expect((await byToken(token)).body.booking.status).toBe('upcoming');
  });

  it('limits unknown secrets per address, counted in the database, like the login', async () => {
    const token = await book({ name: 'Siti Rahmawati', date: '2026-11-28', start: '08:00', end: '09:00' });
    const address = newAddress();
    const guess = (attempt: number) => cancel(`${'Z'.repeat(19)}${String(attempt).padStart(3, '0')}`, address);
    for (let attempt = 0; attempt < 50; attempt++) expect((await guess(attempt)).status).toBe(404);
    // 50 wrong guesses from a shared campus address do not block a real link from it (issue 23).
    expect((await byToken(token, address)).status).toBe(200);
    for (let attempt = 50; attempt < 100; attempt++) expect((await guess(attempt)).status).toBe(404);
    const limited = await cancel(token, address);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('Terlalu banyak percobaan. Coba lagi dalam 60 menit.');
    expect(Number(limited.headers.get('retry-after'))).toBe(60 * 60);
    expect((await byToken(token, address)).status).toBe(429);
    const file = await calendarFile(token, address);
    expect([file.status, file.body.message, file.headers.get('retry-after')]).toEqual([429, limited.body.message, String(60 * 60)]);
    // Another address is not held back, and the booking is untouched.
    expect((await byToken(token)).body.booking.status).toBe('upcoming');
    now = new Date(now.getTime() + 60 * 60 * 1000);
    expect((await cancel(token, address)).status).toBe(200);
  });

  it('makes a calendar file of the booking: one event in the app zone, a stable UID, the fixed summary', async () => {
    now = jakartaInstant(TODAY, '08:00');
    const token = await book({ name: 'Budi Santoso', date: '2026-11-29', start: '19:30', end: '21:00' });
    const reply = await calendarFile(token);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.headers.get('referrer-policy')).toBe('no-referrer');
    expect(reply.headers.get('content-disposition')).toBe('attachment; filename="pinjam-motor-2026-11-29.ics"');
    const calendar = parseCalendar(reply.body);
    expect(calendar.timeZones).toEqual(['Asia/Jakarta']);
    expect(calendar.events).toHaveLength(1);
    const [event] = calendar.events;
    expect(event).toMatchObject({
      summary: 'Pinjam motor PPTI 21',
      timeZone: 'Asia/Jakarta',
      start: '2026-11-29T19:30',
      end: '2026-11-29T21:00',
    });
    expect(event?.startsAt.toISOString()).toBe('2026-11-29T12:30:00.000Z');
    // A reminder half an hour before the ride, and who it is for; the secret is nowhere in the file.
    expect(event?.alarms).toEqual(['-PT30M']);
    expect(event?.description).toBe('Peminjaman motor atas nama Budi Santoso (PPTI 21). Ambil kunci dari pemilik tepat waktu.');
    expect(reply.body).not.toContain(token);
    const again = parseCalendar((await calendarFile(token)).body);
    expect(again.events[0]?.uid).toBe(event?.uid);
  });

  it('no longer answers the lookups that carried the secret in their URL: they are unknown API paths', async () => {
    const token = await book({ name: 'Budi Santoso', date: '2026-11-29', start: '06:00', end: '07:00' });
    const unknownPath = await ask('/api/tidak-ada', newAddress());
    expect(unknownPath.status).toBe(404);
    for (const path of [
      `/api/bookings/by-token/${token}`,
      `/api/bookings/by-token/${token}.ics`,
      '/api/bookings/by-token',
      '/api/bookings/by-token/ics',
    ]) {
      const reply = await ask(path, newAddress());
      expect([path, reply.status, reply.body]).toEqual([path, 404, unknownPath.body]);
    }
    expect((await byToken(token)).body.booking.status).toBe('upcoming');
  });

  it('refuses a lookup or a calendar file asked from another site, as every state-changing request', async () => {
    const token = await book({ name: 'Siti Rahmawati', date: '2026-11-29', start: '05:00', end: '06:00' });
    for (const path of ['/api/bookings/by-token', '/api/bookings/by-token/ics']) {
      const reply = await ask(path, newAddress(), { token }, { origin: 'https://jahat.example' });
      expect([path, reply.status, reply.body]).toEqual([path, 403, { message: 'Permintaan ditolak' }]);
    }
    expect((await ask('/api/bookings/by-token', newAddress(), { token }, { origin: testApp.baseUrl })).status).toBe(200);
  });

  it('never writes a secret to the log, the outbox or any other answer', async () => {
    await listBookings(testApp.baseUrl, TODAY).then((reply) => otherAnswers.push(JSON.stringify(reply.body)));
    const feed = await requestJson(testApp.baseUrl, '/kalender.ics');
    otherAnswers.push(feed.body);
    const outbox = (await testApp.db.kysely.selectFrom('outbox').select('payload').execute()).map((row) => row.payload);
    expect(issued.length).toBeGreaterThan(10);
    expect(logLines.length).toBeGreaterThan(0);
    for (const token of issued) {
      const hash = createHash('sha256').update(token).digest('hex');
      for (const place of [logLines, outbox, otherAnswers]) {
        expect(place.filter((text) => text.includes(token) || text.includes(hash))).toEqual([]);
      }
    }
  });
});

describe(`the public calendar feed on ${TEST_ENGINE}`, () => {
  let testApp: TestApp;
  let now = jakartaInstant('2026-11-01', '08:00');
  beforeAll(async () => {
    testApp = await startTestApp({ now: () => now });
    await seedRoster(testApp.db, [
      BUDI,
      { name: 'Siti; Rahmawati, "S\\R" dengan nama yang sangat panjang sekali sampai lewat tujuh puluh lima oktet', class: 'PPTI 22' },
    ]);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const TODAY_FEED = '2026-11-22';
  const book = async (overrides: Parameters<typeof bookingBody>[0]) => {
    const reply = await postBooking(testApp.baseUrl, bookingBody({ name: 'Budi Santoso', reason: 'Alasan rahasia', ...overrides }));
    expect(reply.status).toBe(201);
    return reply.body.cancelToken as string;
  };

  it('holds exactly the active bookings from 7 days back to 60 ahead, overnight ones once, and nothing private', async () => {
    // Booked a month earlier, as they would have been; the feed is then read on TODAY_FEED.
    await book({ date: addDays(TODAY_FEED, -8), start: '08:00', end: '09:00' });
    await book({ date: addDays(TODAY_FEED, -7), start: '08:00', end: '09:00' });
    const longName = 'Siti; Rahmawati, "S\\R" dengan nama yang sangat panjang sekali sampai lewat tujuh puluh lima oktet';
    await book({ name: longName, date: TODAY_FEED, start: '10:00', end: '11:00' });
    const cancelled = await book({ date: TODAY_FEED, start: '13:00', end: '14:00' });
    await addVoucher(testApp.db, 'VCH-NIGHT1');
    await book({ date: addDays(TODAY_FEED, 1), start: '21:00', end: '21:30', reason: 'VCH-NIGHT1' });
    now = jakartaInstant(TODAY_FEED, '08:00');
    await book({ date: addDays(TODAY_FEED, 60), start: '08:00', end: '09:00' });
    await book({ date: addDays(TODAY_FEED, 61), start: '08:00', end: '09:00' });
    expect((await requestJson(testApp.baseUrl, '/api/bookings/cancel', { body: { token: cancelled } })).status).toBe(200);

    const reply = await requestJson(testApp.baseUrl, '/kalender.ics');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(reply.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    const calendar = parseCalendar(reply.body);
    expect(calendar.name).toBe('Jadwal Motor PPTI 21');
    expect(calendar.timeZones).toEqual(['Asia/Jakarta']);
    expect(calendar.events.map((event) => [event.summary, event.start, event.end])).toEqual([
      ['Budi Santoso (PPTI 21)', `${addDays(TODAY_FEED, -7)}T08:00`, `${addDays(TODAY_FEED, -7)}T09:00`],
      [`${longName} (PPTI 22)`, `${TODAY_FEED}T10:00`, `${TODAY_FEED}T11:00`],
      ['Budi Santoso (PPTI 21)', `${addDays(TODAY_FEED, 1)}T21:00`, `${addDays(TODAY_FEED, 2)}T03:00`],
      ['Budi Santoso (PPTI 21)', `${addDays(TODAY_FEED, 60)}T08:00`, `${addDays(TODAY_FEED, 60)}T09:00`],
    ]);
    expect(calendar.events.every((event) => event.timeZone === 'Asia/Jakarta')).toBe(true);
    // The feed holds the whole class's bookings: none of them rings, none carries a borrower's description.
    expect(calendar.events.flatMap((event) => [...event.alarms, ...(event.description ? [event.description] : [])])).toEqual([]);
    expect(new Set(calendar.events.map((event) => event.uid)).size).toBe(4);
    expect(calendar.events[2]?.endsAt.toISOString()).toBe(`${addDays(TODAY_FEED, 1)}T20:00:00.000Z`);

    const refs = (await testApp.db.kysely.selectFrom('borrow_request').select(['id', 'ref']).execute()).flatMap((row) => [row.ref ?? '']);
    expect(reply.body).not.toContain('Alasan rahasia');
    expect(reply.body).not.toContain('VCH-NIGHT1');
    for (const ref of refs) expect(reply.body).not.toContain(ref);
    expect(reply.body).not.toMatch(/^(DESCRIPTION|URL|ATTENDEE|ORGANIZER)/m);
  });

  it('answers 304 to a poll whose ETag still matches, and a new body once the bookings change', async () => {
    const first = await requestJson(testApp.baseUrl, '/kalender.ics');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const unchanged = await requestJson(testApp.baseUrl, '/kalender.ics', { headers: { 'if-none-match': etag } });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toBe('');
    await book({ date: addDays(TODAY_FEED, 3), start: '08:00', end: '09:00' });
    const changed = await requestJson(testApp.baseUrl, '/kalender.ics', { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });
});
