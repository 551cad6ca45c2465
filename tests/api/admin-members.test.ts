import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '../../src/server/roster/repository';
import { adminClient, login, loginCookie } from '../helpers/admin-fixtures';
import { bookingBody, postBooking } from '../helpers/booking-fixtures';
import { createTestClock } from '../helpers/clock';
import { seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

interface MemberAnswer {
  ref: string;
  name: string;
  class: string;
  admin: boolean;
  active: boolean;
  bookings: number;
}

describe(`the admin's members on ${TEST_ENGINE}`, () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const testApp of apps.splice(0)) await testApp.close();
  });

  async function start() {
    const clock = createTestClock();
    const testApp = await startTestApp({ now: clock.now });
    apps.push(testApp);
    const [admin, student] = (await seedRoster(testApp.db)) as [User, User, User];
    const api = adminClient(testApp.baseUrl, await loginCookie(testApp.baseUrl, admin));
    const members = async (): Promise<MemberAnswer[]> => (await api.get('/api/admin/members')).body.members;
    const member = async (name: string) => {
      const found = (await members()).find((entry) => entry.name === name);
      if (!found) throw new Error(`${name} is not in the roster`);
      return found;
    };
    const roster = async () => (await requestJson(testApp.baseUrl, '/api/roster')).body.users.map((user: { name: string }) => user.name);
    const audit = async () => (await api.get('/api/admin/audit')).body.entries;
    return { testApp, clock, admin, student, api, members, member, roster, audit };
  }

  it('lists every member with class, role, state and number of bookings, and no id', async () => {
    const { testApp, admin, student, api, members } = await start();
    expect((await postBooking(testApp.baseUrl, bookingBody({ date: '2026-11-23' }))).status).toBe(201);
    const reply = await api.get('/api/admin/members');
    expect(reply.status).toBe(200);
    expect(await members()).toEqual([
      {
        ref: expect.stringMatching(/^[\w-]{16}$/),
        name: 'Admin Uji',
        class: 'PPTI 21',
        admin: true,
        active: true,
        committee: false,
        bookings: 0,
      },
      { ref: expect.any(String), name: 'Budi Santoso', class: 'PPTI 21', admin: false, active: true, committee: false, bookings: 1 },
      { ref: expect.any(String), name: 'Rizky Maulana', class: 'PPTI 22', admin: false, active: true, committee: false, bookings: 0 },
    ]);
    for (const user of [admin, student]) expect(JSON.stringify(reply.body)).not.toContain(user.id);
    expect(reply.body.classes).toEqual(['PPTI 21', 'PPTI 22']);
  });

  it("lists a member's coming bookings: only theirs, from APP_TIMEZONE's today on, none cancelled", async () => {
    const { testApp, clock, admin, api: firstSession, member } = await start();
    let api = firstSession;
    const book = async (body: Parameters<typeof bookingBody>[0]) => {
      const reply = await postBooking(testApp.baseUrl, bookingBody(body));
      expect([reply.status, reply.body.errors]).toEqual([201, undefined]);
    };
    await book({ date: '2026-11-22', start: '10:00', end: '11:00' });
    await book({ date: '2026-11-23', start: '08:00', end: '10:00' });
    await book({ date: '2026-11-25', start: '20:00', end: '21:00' });
    await book({ date: '2026-11-26', start: '08:00', end: '09:00' });
    await book({ name: 'Rizky Maulana', date: '2026-11-23', start: '13:00', end: '14:00' });
    const cancelled = (await api.get('/api/admin/bookings?from=2026-11-26&to=2026-11-26')).body.bookings[0];
    expect((await api.post(`/api/admin/bookings/${cancelled.ref}/cancel`, { reason: 'Batal' })).status).toBe(200);
    const budi = await member('Budi Santoso');
    const self = await member('Admin Uji');

    const today = await api.get(`/api/admin/members/${budi.ref}/bookings`);
    expect(today.status).toBe(200);
    expect(today.body.bookings.map((booking: { date: string }) => booking.date)).toEqual(['2026-11-22', '2026-11-23', '2026-11-25']);

    // 00:30 of 23 November in Jakarta, still the 22nd in UTC.
    clock.advance(16.5 * 60 * 60 * 1000);
    api = adminClient(testApp.baseUrl, await loginCookie(testApp.baseUrl, admin));
    const reply = await api.get(`/api/admin/members/${budi.ref}/bookings`);
    expect(reply.body).toEqual({
      bookings: [
        { ref: expect.any(String), date: '2026-11-23', start: '08:00', end: '10:00', endDate: '2026-11-23' },
        { ref: expect.any(String), date: '2026-11-25', start: '20:00', end: '21:00', endDate: '2026-11-25' },
      ],
    });
    const listed = (await api.get('/api/admin/bookings?from=2026-11-23&to=2026-11-25')).body.bookings;
    expect(reply.body.bookings.map((booking: { ref: string }) => booking.ref)).toEqual(
      listed.filter((booking: { name: string }) => booking.name === 'Budi Santoso').map((booking: { ref: string }) => booking.ref),
    );

    expect((await api.post(`/api/admin/members/${budi.ref}/deactivate`)).status).toBe(200);
    expect((await api.get(`/api/admin/members/${budi.ref}/bookings`)).body).toEqual(reply.body);
    expect((await api.get(`/api/admin/members/${self.ref}/bookings`)).body).toEqual({ bookings: [] });
  });

  it('refuses the coming bookings of an unknown member, a bad ref, and anyone but an admin', async () => {
    const { testApp, api, member } = await start();
    const unknown = await api.get('/api/admin/members/no-such-member/bookings');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Anggota tidak ditemukan.' });
    expect((await api.get(`/api/admin/members/${'x'.repeat(65)}/bookings`)).status).toBe(400);
    const budi = await member('Budi Santoso');
    expect((await requestJson(testApp.baseUrl, `/api/admin/members/${budi.ref}/bookings`)).status).toBe(401);
  });

  it('refuses an existing class in another case or spacing, naming it; a new class is accepted and then known', async () => {
    const { api, members } = await start();
    const before = await members();
    for (const spelling of ['ppti21', 'PPTI  21', ' ppti 21 ', 'Ppti\u00a021']) {
      const reply = await api.post('/api/admin/members', { name: 'Siti Rahmawati', class: spelling });
      expect(reply.status).toBe(422);
      const message = 'Kelas ini sudah ada sebagai "PPTI 21": pilih "PPTI 21" dari daftar.';
      expect(reply.body).toEqual({ message, errors: { class: message } });
    }
    expect(await members()).toEqual(before);

    const added = await api.post('/api/admin/members', { name: 'Siti Rahmawati', class: ' PPTI 23 ' });
    expect(added.status).toBe(201);
    expect(added.body.member.class).toBe('PPTI 23');
    expect((await api.get('/api/admin/members')).body.classes).toEqual(['PPTI 21', 'PPTI 22', 'PPTI 23']);
    const other = await api.post('/api/admin/members', { name: 'Andi Pratama', class: 'ppti23' });
    expect(other.body.errors).toEqual({ class: 'Kelas ini sudah ada sebagai "PPTI 23": pilih "PPTI 23" dari daftar.' });
    expect((await api.post('/api/admin/members', { name: 'Andi Pratama', class: 'PPTI 23' })).status).toBe(201);
  });

  it("refuses an edit to an existing class in another spelling; a member's own class may stay as it is", async () => {
    const { api, member } = await start();
    const rizky = await member('Rizky Maulana');
    const refused = await api.put(`/api/admin/members/${rizky.ref}`, { name: 'Rizky Maulana', class: 'ppti 21' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ class: 'Kelas ini sudah ada sebagai "PPTI 21": pilih "PPTI 21" dari daftar.' });
    expect(await member('Rizky Maulana')).toEqual(rizky);
    // Rizky is PPTI 22's only member: its spelling is his to change.
    const respelled = await api.put(`/api/admin/members/${rizky.ref}`, { name: 'Rizky Maulana', class: 'ppti22' });
    expect(respelled.status).toBe(200);
    expect((await api.get('/api/admin/members')).body.classes).toEqual(['PPTI 21', 'ppti22']);
    const renamed = await api.put(`/api/admin/members/${rizky.ref}`, { name: 'Rizky M.', class: 'ppti22' });
    expect(renamed.body.member).toMatchObject({ name: 'Rizky M.', class: 'ppti22' });
  });

  it('adds a member who then appears in the type-ahead and can book; a new admin gets their login code once', async () => {
    const { testApp, api, roster, member, audit } = await start();
    const added = await api.post('/api/admin/members', { name: '  Siti Rahmawati ', class: ' PPTI 21 ' });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ member: { ...(await member('Siti Rahmawati')), bookings: 0 } });
    expect(await roster()).toContain('Siti Rahmawati');
    expect((await postBooking(testApp.baseUrl, bookingBody({ name: 'siti rahmawati' }))).status).toBe(201);

    const newAdmin = await api.post('/api/admin/members', { name: 'Admin Dua', class: 'PPTI 21', admin: true });
    expect(newAdmin.status).toBe(201);
    expect(newAdmin.body.member).toMatchObject({ name: 'Admin Dua', admin: true });
    const code = newAdmin.body.loginCode;
    expect(code).toMatch(/^[A-Z2-9]{12}$/);
    expect((await login(testApp.baseUrl, 'Admin Dua', code)).status).toBe(200);
    expect(JSON.stringify((await api.get('/api/admin/members')).body)).not.toContain(code);
    const entries = await audit();
    expect(entries[0]).toMatchObject({ who: 'Admin Dua', action: 'login' });
    expect(entries.slice(1, 3)).toMatchObject([
      { who: 'Admin Uji', action: 'member-added', target: 'Admin Dua', detail: 'PPTI 21, Admin' },
      { who: 'Admin Uji', action: 'member-added', target: 'Siti Rahmawati', detail: 'PPTI 21' },
    ]);
  });

  it("refuses a name already in the roster, whatever its case and spaces, active or not: 'Nama sudah terdaftar'", async () => {
    const { api, member } = await start();
    for (const name of ['budi santoso', '  BUDI SANTOSO  ']) {
      const reply = await api.post('/api/admin/members', { name, class: 'PPTI 21' });
      expect(reply.status).toBe(409);
      expect(reply.body).toEqual({ message: 'Nama sudah terdaftar', errors: { name: 'Nama sudah terdaftar' } });
    }
    const rizky = await member('Rizky Maulana');
    await api.post(`/api/admin/members/${rizky.ref}/deactivate`);
    expect((await api.post('/api/admin/members', { name: 'rizky maulana', class: 'PPTI 22' })).status).toBe(409);
    const budi = await member('Budi Santoso');
    const rename = await api.put(`/api/admin/members/${budi.ref}`, { name: 'Rizky Maulana', class: 'PPTI 21', admin: false });
    expect(rename.status).toBe(409);
    expect(rename.body.errors).toEqual({ name: 'Nama sudah terdaftar' });
  });

  it('adds one of many admins adding the same new name at once; the others are told it is taken', async () => {
    const { api } = await start();
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        api.post('/api/admin/members', { name: index % 2 ? 'Dina Amalia' : 'dina amalia', class: 'PPTI 24' }),
      ),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const reply of replies.filter((one) => one.status === 409)) expect(reply.body.errors).toEqual({ name: 'Nama sudah terdaftar' });
  });

  it('validates the fields with Indonesian messages naming them', async () => {
    const { api } = await start();
    const reply = await api.post('/api/admin/members', { name: ' ', class: '' });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual({ name: 'Nama harus diisi', class: 'Kelas harus diisi' });
    const tooLong = await api.post('/api/admin/members', { name: 'x'.repeat(101), class: 'PPTI 21', admin: 'ya' });
    expect(tooLong.body.errors).toEqual({ name: 'Nama terlalu panjang (maks 100 karakter)', admin: 'Admin tidak valid' });
  });

  it('renames a member and changes their class; history follows the member', async () => {
    const { testApp, api, member, roster, audit } = await start();
    await postBooking(testApp.baseUrl, bookingBody({ date: '2026-11-23' }));
    const budi = await member('Budi Santoso');
    const reply = await api.put(`/api/admin/members/${budi.ref}`, { name: 'Budi S.', class: 'PPTI 22', admin: false });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ member: { ...budi, name: 'Budi S.', class: 'PPTI 22' } });
    expect(await roster()).toEqual(['Admin Uji', 'Budi S.', 'Rizky Maulana']);
    const bookings = (await api.get('/api/admin/bookings?from=2026-11-23&to=2026-11-23')).body.bookings;
    expect(bookings[0]).toMatchObject({ name: 'Budi S.', class: 'PPTI 22' });
    expect((await audit())[0]).toMatchObject({
      action: 'member-edited',
      target: 'Budi S.',
      detail: 'Nama: Budi Santoso → Budi S.; Kelas: PPTI 21 → PPTI 22',
    });
  });

  it('deactivates a member: gone from the type-ahead, cannot book or sign in, history kept; and activates them again', async () => {
    const { testApp, api, member, roster, audit } = await start();
    await postBooking(testApp.baseUrl, bookingBody({ date: '2026-11-23' }));
    const added = await api.post('/api/admin/members', { name: 'Admin Dua', class: 'PPTI 21', admin: true });
    const code = added.body.loginCode;
    const budi = await member('Budi Santoso');
    const other = await member('Admin Dua');

    const reply = await api.post(`/api/admin/members/${budi.ref}/deactivate`);
    expect(reply.status).toBe(200);
    expect(reply.body.member).toEqual({ ...budi, active: false });
    await api.post(`/api/admin/members/${other.ref}/deactivate`);
    expect(await roster()).toEqual(['Admin Uji', 'Rizky Maulana']);
    const refused = await postBooking(testApp.baseUrl, bookingBody({ date: '2026-11-24' }));
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ name: 'Nama peminjam tidak ditemukan' });
    const signIn = await login(testApp.baseUrl, 'Admin Dua', code);
    expect(signIn.status).toBe(401);
    expect(signIn.body.message).toBe('Nama tidak ditemukan');
    expect((await api.get('/api/admin/bookings?from=2026-11-23&to=2026-11-23')).body.bookings).toHaveLength(1);

    expect((await api.post(`/api/admin/members/${budi.ref}/activate`)).body.member.active).toBe(true);
    expect(await roster()).toContain('Budi Santoso');
    expect((await postBooking(testApp.baseUrl, bookingBody({ date: '2026-11-24' }))).status).toBe(201);
    expect(
      (await audit()).slice(0, 4).map((entry: { who: string; action: string; target: string }) => [entry.who, entry.action, entry.target]),
    ).toEqual([
      ['Admin Uji', 'member-activated', 'Budi Santoso'],
      ['Admin Dua', 'login-refused', null],
      ['Admin Uji', 'member-deactivated', 'Admin Dua'],
      ['Admin Uji', 'member-deactivated', 'Budi Santoso'],
    ]);
  });

  it("ends a deactivated admin's open session", async () => {
    const { testApp, api } = await start();
    const added = await api.post('/api/admin/members', { name: 'Admin Dua', class: 'PPTI 21', admin: true });
    const second = adminClient(
      testApp.baseUrl,
      await loginCookie(testApp.baseUrl, { name: 'Admin Dua', id: added.body.loginCode } as User),
    );
    expect((await second.get('/api/admin/session')).status).toBe(200);
    await api.post(`/api/admin/members/${added.body.member.ref}/deactivate`);
    expect((await second.get('/api/admin/session')).status).toBe(401);
  });

  it('refuses to let an admin deactivate or demote themselves', async () => {
    const { api, member, members } = await start();
    const self = await member('Admin Uji');
    const deactivate = await api.post(`/api/admin/members/${self.ref}/deactivate`);
    expect(deactivate.status).toBe(409);
    expect(deactivate.body).toEqual({ message: 'Kamu tidak bisa menonaktifkan akunmu sendiri.' });
    const demote = await api.put(`/api/admin/members/${self.ref}`, { name: 'Admin Uji', class: 'PPTI 21', admin: false });
    expect(demote.status).toBe(409);
    expect(demote.body).toEqual({ message: 'Kamu tidak bisa melepas status admin akunmu sendiri.' });
    expect((await members())[0]).toEqual(self);
  });

  it('keeps the last active admin when two admins remove each other at once', async () => {
    const { testApp, api, member } = await start();
    const added = await api.post('/api/admin/members', { name: 'Admin Dua', class: 'PPTI 21', admin: true });
    const second = adminClient(
      testApp.baseUrl,
      await loginCookie(testApp.baseUrl, { name: 'Admin Dua', id: added.body.loginCode } as User),
    );
    const first = await member('Admin Uji');
    const replies = await Promise.all([
      api.post(`/api/admin/members/${added.body.member.ref}/deactivate`),
      second.put(`/api/admin/members/${first.ref}`, { name: 'Admin Uji', class: 'PPTI 21', admin: false }),
    ]);
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    const refusal = replies.find((reply) => reply.status !== 200);
    // The loser either finds itself no longer an admin (401) or the other the last one (409).
    expect([401, 409]).toContain(refusal?.status);
    if (refusal?.status === 409) expect(refusal.body.message).toBe('Harus tetap ada minimal satu admin aktif.');
    // Read as the admin whose change won: the other may no longer be an admin at all.
    const winner = replies[0]?.status === 200 ? api : second;
    const after: MemberAnswer[] = (await winner.get('/api/admin/members')).body.members;
    expect(after.filter((entry) => entry.admin && entry.active).length).toBeGreaterThanOrEqual(1);
  });

  it('imports a roster CSV all or nothing, one line per bad row, through the same service as the command', async () => {
    const { api, roster, audit } = await start();
    const bad = [
      'name,class,role',
      'Siti,PPTI 21,',
      ',PPTI 21,',
      'Andi,,',
      'siti,PPTI 22,',
      'Dewi,PPTI 21,owner',
      'budi santoso,PPTI 21,',
    ].join('\n');
    const refused = await api.post('/api/admin/members/import', { csv: bad });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Impor dibatalkan, belum ada yang disimpan. Perbaiki baris berikut:');
    expect(refused.body.problems).toEqual([
      'baris 3: nama kosong',
      'baris 4: kelas kosong',
      "baris 5: nama 'siti' sama dengan baris 2",
      "baris 6: peran 'owner' tidak dikenal (isi admin atau kosongkan)",
      "baris 7: nama 'Budi Santoso' sudah terdaftar",
    ]);
    expect(await roster()).toEqual(['Admin Uji', 'Budi Santoso', 'Rizky Maulana']);
    expect((await audit()).some((entry: { action: string }) => entry.action === 'roster-imported')).toBe(false);

    const good = await api.post('/api/admin/members/import', { csv: '\uFEFFname,class\nSiti,PPTI 21\nAndi,PPTI 22\n' });
    expect(good.status).toBe(200);
    expect(good.body).toEqual({ imported: 2, message: '2 anggota berhasil diimpor.' });
    expect(await roster()).toEqual(['Admin Uji', 'Andi', 'Budi Santoso', 'Rizky Maulana', 'Siti']);
    expect((await audit())[0]).toMatchObject({ action: 'roster-imported', detail: '2 anggota berhasil diimpor.' });

    const spelled = await api.post('/api/admin/members/import', {
      csv: 'name,class\nSari,ppti21\nTono,PPTI 24\nUci,ppti  24\nWati,PPTI 24\n',
    });
    expect(spelled.body.problems).toEqual([
      "baris 2: kelas 'ppti21' sudah ada sebagai 'PPTI 21'",
      "baris 4: kelas 'ppti  24' sudah ada sebagai 'PPTI 24' (baris 3)",
    ]);

    const header = await api.post('/api/admin/members/import', { csv: 'nama,kelas\nA,B\n' });
    expect(header.body.problems).toEqual(['baris 1: baris judul tidak punya kolom name, class']);
    expect((await api.post('/api/admin/members/import', { csv: '' })).body.errors).toEqual({ csv: 'Pilih file CSV dulu' });
  });
});
