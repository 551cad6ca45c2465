import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyInfoText } from '../../src/server/motor/service';
import type { User } from '../../src/server/roster/repository';
import { adminClient, loginCookie } from '../helpers/admin-fixtures';
import { bookingBody, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { CLASS_ROSTER, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

describe(`where the key is, on ${TEST_ENGINE}`, () => {
  let testApp: TestApp;
  const at = jakartaInstant('2026-11-22', '08:00');
  let api: ReturnType<typeof adminClient>;
  let admin: User;

  beforeAll(async () => {
    testApp = await startTestApp({ now: () => at });
    [admin] = (await seedRoster(testApp.db, CLASS_ROSTER)) as [User];
    api = adminClient(testApp.baseUrl, await loginCookie(testApp.baseUrl, admin));
  });
  afterAll(async () => {
    await testApp.close();
  });

  const keyOf = (token: string) => requestJson(testApp.baseUrl, '/api/motor/key', { method: 'POST', body: { token } });
  const auditEntries = async () =>
    (await api.get('/api/admin/audit')).body.entries as { action: string; who: string; target: string; detail: string }[];

  it('answers nothing set at first, then saves both fields normalised for wa.me, audited as the bike’s data', async () => {
    expect((await api.get('/api/admin/motor/key')).body).toEqual({ keyInfo: { keyPlace: null, ownerContact: null } });
    const saved = await api.put('/api/admin/motor/key', { keyPlace: '  Pos satpam gedung B  ', ownerContact: '0812-3456 7890' });
    expect(saved.status).toBe(200);
    const expected = {
      keyPlace: 'Pos satpam gedung B',
      ownerContact: { digits: '6281234567890', link: 'https://wa.me/6281234567890' },
    };
    expect(saved.body.keyInfo).toEqual(expected);
    expect((await api.get('/api/admin/motor/key')).body.keyInfo).toEqual(expected);
    expect((await auditEntries())[0]).toMatchObject({
      action: 'motorbike-edited',
      who: admin.name,
      target: 'Tempat ambil kunci',
      detail: 'Tempat ambil kunci: - → Pos satpam gedung B; Kontak pemilik: - → +6281234567890',
    });
    expect(await keyInfoText(testApp.db.kysely)).toEqual([
      'Tempat ambil kunci: Pos satpam gedung B',
      'Kontak pemilik: +6281234567890 (WhatsApp https://wa.me/6281234567890)',
    ]);
  });

  it('keeps +62 and other country codes, clears an emptied contact, and writes no audit entry when nothing changed', async () => {
    const plus = await api.put('/api/admin/motor/key', { keyPlace: 'Pos satpam gedung B', ownerContact: '+62 (812) 3456.7891' });
    expect(plus.body.keyInfo.ownerContact).toEqual({ digits: '6281234567891', link: 'https://wa.me/6281234567891' });
    const before = (await auditEntries()).length;
    expect((await api.put('/api/admin/motor/key', { keyPlace: 'Pos satpam gedung B', ownerContact: '+6281234567891' })).status).toBe(200);
    expect((await auditEntries()).length).toBe(before);
    const cleared = await api.put('/api/admin/motor/key', { keyPlace: 'Pos satpam gedung B', ownerContact: '' });
    expect(cleared.body.keyInfo.ownerContact).toBeNull();
    expect((await auditEntries())[0]?.detail).toBe('Kontak pemilik: +6281234567891 → -');
  });

  it.each([
    [{ keyPlace: 'Pos\u0000satpam', ownerContact: '' }, { keyPlace: 'Tempat ambil kunci berisi karakter yang tidak diizinkan' }],
    [{ keyPlace: 'x'.repeat(201), ownerContact: '' }, { keyPlace: 'Tempat ambil kunci maksimal 200 karakter' }],
    [
      { keyPlace: '', ownerContact: 'telepon saya' },
      { ownerContact: 'Nomor WhatsApp tidak valid. Contoh: 0812 3456 7890 atau +62 812 3456 7890.' },
    ],
    [
      { keyPlace: '', ownerContact: '0812' },
      { ownerContact: 'Nomor WhatsApp tidak valid. Contoh: 0812 3456 7890 atau +62 812 3456 7890.' },
    ],
    [
      { keyPlace: '', ownerContact: '+0812345678901' },
      { ownerContact: 'Nomor WhatsApp tidak valid. Contoh: 0812 3456 7890 atau +62 812 3456 7890.' },
    ],
  ])('refuses %j with the field’s message, changing nothing', async (body, errors) => {
    const refused = await api.put('/api/admin/motor/key', body);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual(errors);
    expect((await api.get('/api/admin/motor/key')).body.keyInfo.keyPlace).toBe('Pos satpam gedung B');
  });

  it('refuses a body with unknown or missing fields', async () => {
    expect((await api.put('/api/admin/motor/key', { keyPlace: 'A', ownerContact: '', extra: 1 })).status).toBe(400);
    expect((await api.put('/api/admin/motor/key', { keyPlace: 'A' })).status).toBe(400);
  });

  it('answers 401 without a session, to read and to write', async () => {
    expect((await requestJson(testApp.baseUrl, '/api/admin/motor/key')).status).toBe(401);
    const write = await requestJson(testApp.baseUrl, '/api/admin/motor/key', {
      method: 'PUT',
      body: { keyPlace: 'Di mana saja', ownerContact: '' },
      headers: { origin: testApp.baseUrl },
    });
    expect(write.status).toBe(401);
    expect((await api.get('/api/admin/motor/key')).body.keyInfo.keyPlace).toBe('Pos satpam gedung B');
  });

  it('tells a borrower by the booking’s cancel secret only, never to anyone who asks', async () => {
    await api.put('/api/admin/motor/key', { keyPlace: 'Pos satpam gedung B', ownerContact: '0812 3456 7890' });
    const booked = await postBooking(testApp.baseUrl, bookingBody({ date: '2026-11-23' }));
    expect(booked.status).toBe(201);
    const told = await keyOf(booked.body.cancelToken);
    expect(told.status).toBe(200);
    expect(told.headers.get('cache-control')).toBe('no-store');
    expect(told.body.keyInfo).toEqual({
      keyPlace: 'Pos satpam gedung B',
      ownerContact: { digits: '6281234567890', link: 'https://wa.me/6281234567890' },
    });
    expect((await keyOf('A'.repeat(22))).status).toBe(404);
    expect((await requestJson(testApp.baseUrl, '/api/motor/key', { method: 'POST', body: {} })).status).toBe(400);
  });
});
