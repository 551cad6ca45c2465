import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeriod, finishCancellations } from '../../src/server/out-of-service/service';
import type { User } from '../../src/server/roster/repository';
import { adminClient, loginCookie } from '../helpers/admin-fixtures';
import { bookingBody, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { ADMIN, BUDI, manyStudents, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

const STUDENTS = manyStudents('Siswa', 8);
const ROSTER = [ADMIN, BUDI, ...STUDENTS];

describe(`Ubah: editing a Tidak tersedia period on ${TEST_ENGINE}`, () => {
  let testApp: TestApp;
  const at = jakartaInstant('2026-11-26', '08:00');
  let api: ReturnType<typeof adminClient>;

  beforeAll(async () => {
    testApp = await startTestApp({ now: () => at });
    const [admin] = (await seedRoster(testApp.db, ROSTER)) as [User];
    api = adminClient(testApp.baseUrl, await loginCookie(testApp.baseUrl, admin));
  });
  afterAll(async () => {
    await testApp.close();
  });

  const until = (untilDate: string | null, untilTime: string | null, reason: string) => ({ untilDate, untilTime, reason });
  async function create(date: string, from: string, to: string | null, reason: string): Promise<string> {
    const reply = await api.post('/api/admin/out-of-service', {
      period: { fromDate: date, fromTime: from, untilDate: to === null ? null : date, untilTime: to, reason },
      decision: 'keep',
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body.period.ref;
  }
  async function book(name: string, date: string, start: string, end: string): Promise<string> {
    const reply = await postBooking(testApp.baseUrl, bookingBody({ name, date, start, end }));
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body.cancelToken;
  }
  const card = async (token: string) =>
    (await requestJson(testApp.baseUrl, '/api/bookings/by-tokens', { method: 'POST', body: { tokens: [token] } })).body.bookings[0];
  const edit = (ref: string, change: ReturnType<typeof until>, decision: 'cancel' | 'keep' = 'keep') =>
    api.put(`/api/admin/out-of-service/${ref}`, { change, decision });
  const auditOf = async (reason: string) =>
    ((await api.get('/api/admin/audit?page=1')).body.entries as { action: string; target: string; detail: string; who: string }[]).filter(
      (entry) => entry.action === 'out-of-service-edited' && entry.target === reason,
    );

  it('changes the reason and the end of a future period, audited, and the refusal says the new text', async () => {
    const ref = await create('2026-11-28', '10:00', '12:00', 'Servis');
    const reply = await edit(ref, until('2026-11-28', '13:00', 'Ganti oli'));
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({
      period: { ref, reason: 'Ganti oli', untilDate: '2026-11-28', untilTime: '13:00', editable: true },
      cancelled: 0,
      warned: 0,
    });
    const refused = await postBooking(testApp.baseUrl, bookingBody({ date: '2026-11-28', start: '12:30', end: '13:30' }));
    expect(refused.status).toBe(422);
    expect(refused.body.errors.start).toBe('Motor tidak tersedia (Ganti oli) sampai Sabtu, 28 November 2026 jam 13:00.');
    expect(await auditOf('Ganti oli')).toEqual([
      expect.objectContaining({ who: 'Admin Uji', detail: 'Servis → Ganti oli, 2026-11-28 12:00 → 2026-11-28 13:00' }),
    ]);

    const open = await edit(ref, until(null, null, 'Ganti oli'));
    expect(open.body.period).toMatchObject({ untilDate: null, untilTime: null });
    expect((await auditOf('Ganti oli')).map((entry) => entry.detail)).toContain('2026-11-28 13:00 → …');
    expect((await edit(ref, until('2026-11-28', '13:00', 'Ganti oli'))).status).toBe(200);
  });

  it('shortening frees the time at once: a booking in the freed time is accepted right after', async () => {
    const ref = await create('2026-11-29', '10:00', '16:00', 'Servis');
    const refused = await postBooking(testApp.baseUrl, bookingBody({ name: 'Siswa 1', date: '2026-11-29', start: '13:00', end: '14:00' }));
    expect(refused.status).toBe(422);
    expect((await edit(ref, until('2026-11-29', '12:00', 'Servis'))).status).toBe(200);
    await book('Siswa 1', '2026-11-29', '13:00', '14:00');
    await book('Siswa 2', '2026-11-29', '12:00', '13:00');
    const still = await postBooking(testApp.baseUrl, bookingBody({ name: 'Siswa 3', date: '2026-11-29', start: '11:00', end: '12:00' }));
    expect(still.status).toBe(422);
  });

  it('lists only the bookings an extension newly covers; Batalkan semua cancels them through the cancellation service', async () => {
    const inside = await book('Siswa 4', '2026-11-30', '09:00', '10:00');
    const ref = await create('2026-11-30', '08:00', '11:00', 'Servis');
    const first = await book('Siswa 5', '2026-11-30', '12:00', '13:00');
    const second = await book('Siswa 6', '2026-11-30', '14:00', '15:00');
    const outside = await book('Siswa 7', '2026-11-30', '17:00', '18:00');
    const change = until('2026-11-30', '16:00', 'Ban bocor');

    const preview = await api.post(`/api/admin/out-of-service/${ref}/preview`, change);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.affected).toEqual([
      { date: '2026-11-30', start: '12:00', end: '13:00', endDate: '2026-11-30', name: 'Siswa 5', class: 'PPTI 21' },
      { date: '2026-11-30', start: '14:00', end: '15:00', endDate: '2026-11-30', name: 'Siswa 6', class: 'PPTI 21' },
    ]);

    const reply = await edit(ref, change, 'cancel');
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({ cancelled: 2, warned: 0, period: { cancelled: 2, warned: 1 } });
    for (const token of [first, second]) {
      expect(await card(token)).toMatchObject({ status: 'cancelled', cancellation: { reason: 'Motor tidak tersedia: Ban bocor' } });
    }
    // Warned on creation, it stays: the edit's choice is only for the bookings it brings inside.
    expect(await card(inside)).toMatchObject({
      status: 'upcoming',
      notice: { text: 'Motor mungkin belum bisa dipakai untuk peminjamanmu Senin, 30 November 2026 09:00-10:00: Ban bocor.' },
    });
    expect((await card(outside)).status).toBe('upcoming');
    const owner = await testApp.db.kysely
      .selectFrom('outbox')
      .select(['dedupe_key', 'payload'])
      .where('dedupe_key', 'like', `out-of-service-cancelled:${ref}%`)
      .execute();
    expect(owner.map((row) => JSON.parse(row.payload).text)).toEqual(['2 peminjaman dibatalkan karena motor tidak tersedia (Ban bocor).']);
    expect((await auditOf('Ban bocor')).map((entry) => entry.detail)).toEqual([
      'Servis → Ban bocor, 2026-11-30 11:00 → 2026-11-30 16:00, 2 dibatalkan',
    ]);
    expect((await api.post(`/api/admin/out-of-service/${ref}/preview`, until('2026-11-30', '18:30', 'Ban bocor'))).body.affected).toEqual([
      expect.objectContaining({ name: 'Siswa 7', start: '17:00' }),
    ]);

    // Kept by a later edit in a period that cancels: the pass finishing interrupted cancellations leaves it.
    expect((await edit(ref, until('2026-11-30', '18:30', 'Ban bocor'), 'keep')).body).toMatchObject({ warned: 1, cancelled: 0 });
    expect(await finishCancellations(testApp.db, { now: at, timeZone: 'Asia/Jakarta' })).toBe(0);
    expect(await card(outside)).toMatchObject({
      status: 'upcoming',
      notice: { text: 'Motor mungkin belum bisa dipakai untuk peminjamanmu Senin, 30 November 2026 17:00-18:00: Ban bocor.' },
    });
    expect(await card(inside)).toMatchObject({ status: 'upcoming' });
  });

  it('Biarkan on an extension warns the newly covered bookings, which stand', async () => {
    const ref = await create('2026-12-01', '08:00', '10:00', 'Servis rem');
    const token = await book('Siswa 8', '2026-12-01', '11:00', '12:00');
    const reply = await edit(ref, until('2026-12-01', '13:00', 'Servis rem'), 'keep');
    expect(reply.body).toMatchObject({ cancelled: 0, warned: 1, period: { cancelled: 0, warned: 1 } });
    expect(await card(token)).toMatchObject({
      status: 'upcoming',
      notice: { text: 'Motor mungkin belum bisa dipakai untuk peminjamanmu Selasa, 1 Desember 2026 11:00-12:00: Servis rem.' },
    });
    expect((await auditOf('Servis rem')).map((entry) => entry.detail)).toEqual(['2026-12-01 10:00 → 2026-12-01 13:00, 1 dibiarkan']);
  });

  it("on an owner's /bengkel nobody has decided yet, the admin's choice decides every booking inside", async () => {
    const token = await book('Budi Santoso', '2026-12-02', '09:00', '10:00');
    const created = await createPeriod(
      testApp.db,
      {
        period: { fromDate: '2026-12-02', fromTime: '08:00', untilDate: null, untilTime: null, reason: 'Ban bocor' },
        by: { kind: 'owner' },
        decision: null,
      },
      { now: at, timeZone: 'Asia/Jakarta' },
    );
    if (created.kind !== 'created') throw new Error('not created');
    const change = until('2026-12-02', '12:00', 'Ban bocor');
    expect((await api.post(`/api/admin/out-of-service/${created.period.ref}/preview`, change)).body.affected).toEqual([
      expect.objectContaining({ name: 'Budi Santoso', start: '09:00' }),
    ]);
    expect((await edit(created.period.ref, change, 'cancel')).body).toMatchObject({ cancelled: 1 });
    expect((await card(token)).status).toBe('cancelled');
    const row = await testApp.db.kysely
      .selectFrom('out_of_service')
      .select('decision')
      .where('ref', '=', created.period.ref)
      .executeTakeFirstOrThrow();
    expect(row.decision).toBe('cancel');
  });

  it('refuses an ended or run-out period, an unknown ref, bad fields and an end not after now, with the messages', async () => {
    const ended = await create('2026-12-03', '10:00', '12:00', 'Servis');
    expect((await api.post(`/api/admin/out-of-service/${ended}/end`)).status).toBe(200);
    const refusedEnded = await edit(ended, until('2026-12-03', '14:00', 'Servis'));
    expect(refusedEnded.status).toBe(409);
    expect(refusedEnded.body.message).toBe('Masa tidak tersedia ini sudah selesai, jadi tidak bisa diubah lagi.');
    const past = await create('2026-11-25', '10:00', '12:00', 'Servis');
    expect((await api.post(`/api/admin/out-of-service/${past}/preview`, until('2026-11-27', '12:00', 'Servis'))).status).toBe(409);
    expect((await edit(past, until('2026-11-27', '12:00', 'Servis'))).status).toBe(409);

    const unknown = await edit('tidak-ada', until('2026-12-04', '12:00', 'Servis'));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Masa tidak tersedia tidak ditemukan.');

    const ref = await create('2026-12-04', '10:00', '12:00', 'Servis');
    const backwards = await edit(ref, until('2026-12-04', '09:00', 'Servis'));
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors.until).toBe('Sampai harus sesudah mulai');
    const empty = await edit(ref, until('2026-12-04', '12:00', '  '));
    expect(empty.status).toBe(400);
    expect(empty.body.errors.reason).toBe('Alasan harus diisi');
    const long = await edit(ref, until('2026-12-04', '12:00', 'x'.repeat(201)));
    expect(long.status).toBe(400);
    expect(long.body.errors.reason).toBe('Alasan paling panjang 200 karakter');
    expect(
      (await api.put(`/api/admin/out-of-service/${ref}`, { change: until('2026-12-04', null, 'Servis'), decision: 'keep' })).status,
    ).toBe(400);
    expect((await api.put(`/api/admin/out-of-service/${ref}`, { change: until('2026-12-04', '12:00', 'Servis') })).status).toBe(400);

    const current = await create('2026-11-26', '07:00', '18:00', 'Servis');
    const beforeNow = await edit(current, until('2026-11-26', '07:30', 'Servis'));
    expect(beforeNow.status).toBe(422);
    expect(beforeNow.body.errors.until).toBe('Sampai harus sesudah sekarang. Kalau motor sudah bisa dipakai, tekan Motor sudah siap.');
    expect((await edit(current, until('2026-11-26', '09:00', 'Servis'))).status).toBe(200);
    expect((await api.post(`/api/admin/out-of-service/${current}/end`)).status).toBe(200);

    const stored = await testApp.db.kysely.selectFrom('out_of_service').select('reason').where('ref', '=', ref).executeTakeFirstOrThrow();
    expect(stored.reason).toBe('Servis');
    const anonymous = await requestJson(testApp.baseUrl, `/api/admin/out-of-service/${ref}`, {
      method: 'PUT',
      body: { change: until('2026-12-04', '12:00', 'Servis'), decision: 'keep' },
    });
    expect(anonymous.status).toBe(401);
  });
});
