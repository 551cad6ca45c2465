import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '../../src/server/roster/repository';
import { adminClient, loginCookie } from '../helpers/admin-fixtures';
import { bookingBody, postBooking } from '../helpers/booking-fixtures';
import { createTestClock } from '../helpers/clock';
import { CLASS_ROSTER, SITI, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function motorTab(clock = createTestClock('2026-11-22T01:00:00.000Z')) {
  const testApp: TestApp = await startTestApp({ now: clock.now });
  cleanups.push(() => testApp.close());
  const [admin] = (await seedRoster(testApp.db, CLASS_ROSTER)) as [User];
  const api = adminClient(testApp.baseUrl, await loginCookie(testApp.baseUrl, admin));
  const book = (body: object) => postBooking(testApp.baseUrl, { ...bookingBody({ date: '2026-11-24' }), ...body });
  const signIn = async () => adminClient(testApp.baseUrl, await loginCookie(testApp.baseUrl, admin));
  return { testApp, api, book, clock, signIn };
}

const FIRST = { id: 1, name: 'Motor PPTI 21', plate: '', active: true, lastKm: null, owner: 'main-chat' };
const NO_KEY = { keyPlace: null, ownerContact: null };

describe(`the Motor tab's bikes on ${TEST_ENGINE}`, () => {
  it('Tambah motor adds an active bike last, audited, which Motor mana saja then books', async () => {
    const { api, book } = await motorTab();
    expect((await api.get('/api/admin/motors')).body).toEqual({ bikes: [{ ...FIRST, keyInfo: NO_KEY }] });
    const added = await api.post('/api/admin/motors', { name: '  Beat hitam ', plate: 'B 1234 XY' });
    expect(added.status).toBe(201);
    const beat = { id: 2, name: 'Beat hitam', plate: 'B 1234 XY', active: true, lastKm: null, keyInfo: NO_KEY, owner: 'not-linked' };
    expect(added.body).toEqual({ bike: beat });
    expect((await api.get('/api/admin/motors')).body.bikes).toEqual([{ ...FIRST, keyInfo: NO_KEY }, beat]);
    expect((await api.get('/api/admin/audit')).body.entries[0]).toMatchObject({ action: 'motorbike-added', target: 'Beat hitam' });
    expect((await book({})).body.booking.motor).toEqual({ id: 1, name: 'Motor PPTI 21' });
    expect((await book({ name: SITI.name })).body.booking.motor).toEqual({ id: 2, name: 'Beat hitam' });
  });

  it('refuses an empty name, a name another bike has, and a stranger', async () => {
    const { testApp, api } = await motorTab();
    expect(await api.post('/api/admin/motors', { name: ' ', plate: '' })).toMatchObject({
      status: 400,
      body: { errors: { name: 'Nama motor harus diisi' } },
    });
    expect(await api.post('/api/admin/motors', { name: 'motor ppti 21', plate: '' })).toMatchObject({
      status: 422,
      body: { errors: { name: 'Nama motor sudah dipakai motor lain' } },
    });
    expect((await requestJson(testApp.baseUrl, '/api/admin/motors', { method: 'POST', body: { name: 'X', plate: '' } })).status).toBe(401);
    expect((await api.put('/api/admin/motors/9', { name: 'X', plate: '', active: true })).status).toBe(404);
    expect((await api.put('/api/admin/motors/abc', { name: 'X', plate: '', active: true })).status).toBe(404);
  });

  it('Aktif off: the bike takes no new booking and keeps its bookings; the last active bike stays on', async () => {
    const { api: before, book, clock, signIn } = await motorTab();
    await before.post('/api/admin/motors', { name: 'Beat hitam', plate: '' });
    expect((await book({ motorId: 2 })).status).toBe(201);
    // Not while that booking is ahead (0063): once it has ended, the bike may go and the booking stays.
    clock.advance((2 * 24 + 3) * 3_600_000);
    const api = await signIn();
    const off = await api.put('/api/admin/motors/2', { name: 'Beat hitam', plate: '', active: false });
    expect(off.body.bike).toMatchObject({ id: 2, active: false });
    expect((await book({ name: SITI.name, motorId: 2, date: '2026-11-26' })).body.errors).toHaveProperty('motorId');
    expect((await api.get('/api/admin/bookings?from=2026-11-24&to=2026-11-24')).body.bookings).toHaveLength(1);
    expect(await api.put('/api/admin/motors/1', { name: 'Motor PPTI 21', plate: '', active: false })).toMatchObject({
      status: 422,
      body: { errors: { active: 'Minimal satu motor harus aktif' } },
    });
  });

  it('the order set by Naik and Turun is the order Motor mana saja tries', async () => {
    const { api, book } = await motorTab();
    await api.post('/api/admin/motors', { name: 'Beat hitam', plate: '' });
    const moved = await api.post('/api/admin/motors/2/move', { direction: 'up' });
    expect(moved.body.bikes.map((bike: { id: number }) => bike.id)).toEqual([2, 1]);
    expect((await book({})).body.booking.motor).toEqual({ id: 2, name: 'Beat hitam' });
    expect((await api.post('/api/admin/motors/2/move', { direction: 'up' })).body.bikes.map((bike: { id: number }) => bike.id)).toEqual([
      2, 1,
    ]);
    expect((await api.post('/api/admin/motors/2/move', { direction: 'sideways' })).status).toBe(400);
  });

  it('each bike has its own Tempat ambil kunci and Kontak pemilik, told to whoever booked that bike', async () => {
    const { api, book, testApp } = await motorTab();
    await api.post('/api/admin/motors', { name: 'Beat hitam', plate: '' });
    const saved = await api.put('/api/admin/motors/2/key', { keyPlace: 'Kos Melati no. 3', ownerContact: '0812 3456 7890' });
    expect(saved.body.bike.keyInfo).toEqual({
      keyPlace: 'Kos Melati no. 3',
      ownerContact: { digits: '6281234567890', link: 'https://wa.me/6281234567890' },
    });
    expect((await api.get('/api/admin/motor/key')).body.keyInfo).toEqual(NO_KEY);
    const keyOf = async (motorId: number, name: string) => {
      const booked = await book({ name, motorId });
      const token = booked.body.cancelToken;
      return (await requestJson(testApp.baseUrl, '/api/motor/key', { method: 'POST', body: { token } })).body.keyInfo;
    };
    expect((await keyOf(2, SITI.name)).keyPlace).toBe('Kos Melati no. 3');
    expect(await keyOf(1, 'Budi Santoso')).toEqual(NO_KEY);
  });

  it('a return’s kilometres are its own bike’s record', async () => {
    const { api, book, clock, signIn } = await motorTab();
    await api.post('/api/admin/motors', { name: 'Beat hitam', plate: '' });
    expect((await book({ motorId: 2 })).status).toBe(201);
    const ref = (await api.get('/api/admin/bookings?from=2026-11-24&to=2026-11-24')).body.bookings[0].ref;
    clock.advance(new Date('2026-11-24T05:00:00.000Z').getTime() - clock.now().getTime());
    const later = await signIn();
    const handover = `/api/admin/bookings/${ref}/handover`;
    expect((await later.post(handover, { event: 'pickup', date: '2026-11-24', time: '08:00', fuel: 'Penuh' })).status).toBe(200);
    expect((await later.post(handover, { event: 'return', date: '2026-11-24', time: '09:50', fuel: 'Penuh', km: 1234 })).status).toBe(200);
    const bikes = (await later.get('/api/admin/motors')).body.bikes;
    expect(bikes.map((bike: { lastKm: number | null }) => bike.lastKm)).toEqual([null, 1234]);
    expect((await later.get('/api/admin/motor')).body.motorbike.lastKm).toBeNull();
  });
});
