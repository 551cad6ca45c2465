import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/server/roster/repository';
import { adminClient, loginCookie } from '../helpers/admin-fixtures';
import { jakartaInstant } from '../helpers/booking-fixtures';
import { ADMIN, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

describe(`the QRIS picture of Cara bayar on ${TEST_ENGINE}`, () => {
  let testApp: TestApp;
  let admin: User;
  const at = jakartaInstant('2026-11-20', '08:00');

  beforeAll(async () => {
    testApp = await startTestApp({ now: () => at });
    [admin] = (await seedRoster(testApp.db, [ADMIN])) as [User];
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('is stored upright, at most 512 px a side, as PNG without the photo’s metadata; a bad picture is refused by name', async () => {
    const cookie = await loginCookie(testApp.baseUrl, admin);
    const api = adminClient(testApp.baseUrl, cookie);
    const photo = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#204080' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Rahasia Bendahara', Artist: 'Siti' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const upload = (image: string) => api.put('/api/admin/kas/cara-bayar/qris', { image });

    const early = await upload(photo.toString('base64'));
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Simpan nama bendahara dan nomornya dulu.');
    expect((await api.put('/api/admin/kas/cara-bayar', { treasurer: 'Siti', account: 'DANA 0812' })).status).toBe(200);

    const saved = await upload(photo.toString('base64'));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe('Gambar QRIS disimpan.');
    expect((await api.get('/api/admin/kas')).body.howToPay).toEqual({ treasurer: 'Siti', account: 'DANA 0812', qris: true });

    const served = await fetch(`${testApp.baseUrl}/api/kas/qris.png`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await served.arrayBuffer());
    const stored = await sharp(png).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['png', 512, 384]);
    expect(stored.exif).toBeUndefined();
    expect(png.includes(Buffer.from('Rahasia'))).toBe(false);

    const bad = await upload(Buffer.from('bukan gambar').toString('base64'));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ image: 'Gambar QRIS tidak bisa dibaca' });
    expect((await api.put('/api/admin/kas/cara-bayar', { treasurer: 'Siti Rahmawati', account: 'DANA 0812' })).status).toBe(200);
    expect((await fetch(`${testApp.baseUrl}/api/kas/qris.png`)).status).toBe(200);

    const removed = await requestJson(testApp.baseUrl, '/api/admin/kas/cara-bayar/qris', {
      method: 'DELETE',
      headers: { cookie, origin: testApp.baseUrl },
    });
    expect(removed.body.message).toBe('Gambar QRIS dihapus.');
    expect((await fetch(`${testApp.baseUrl}/api/kas/qris.png`)).status).toBe(404);
  });
});
