import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/server/roster/repository';
import { addUsers, RosterError } from '../../src/server/roster/service';
import { login } from '../helpers/admin-fixtures';
import { bookingBody, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { seedRoster } from '../helpers/roster';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

describe(`names with non-ASCII capitals on ${TEST_ENGINE}`, () => {
  let testApp: TestApp;
  let omer: User;
  beforeAll(async () => {
    testApp = await startTestApp({ now: () => jakartaInstant('2026-11-22', '07:00') });
    const users = await seedRoster(testApp.db, [
      { name: 'Ömer Çelik', class: 'PPTI 21', role: 'admin' },
      { name: 'Straße Budi', class: 'PPTI 21' },
      { name: 'Σταύρος Παππάς', class: 'PPTI 22' },
    ]);
    omer = users[0] as User;
  });
  afterAll(async () => {
    await testApp.close();
  });

  it.each([
    ['Ömer Çelik', 'Ömer Çelik', '2026-11-23', '08:00', '09:00'],
    ['ÖMER ÇELIK', 'Ömer Çelik', '2026-11-23', '09:00', '10:00'],
    ['ömer çelik', 'Ömer Çelik', '2026-11-23', '10:00', '11:00'],
    ['  ömer   ÇELİK ', 'Ömer Çelik', '2026-11-23', '11:00', '12:00'],
    ['O\u0308mer C\u0327elik', 'Ömer Çelik', '2026-11-24', '08:00', '09:00'],
    ['STRASSE BUDI', 'Straße Budi', '2026-11-24', '09:00', '10:00'],
    ['σταύροσ παππάσ', 'Σταύρος Παππάς', '2026-11-24', '10:00', '11:00'],
  ])('books as %j for %j', async (name, stored, date, start, end) => {
    const reply = await postBooking(testApp.baseUrl, bookingBody({ name, date, start, end }));
    expect(reply.status).toBe(201);
    expect(reply.body.booking.name).toBe(stored);
  });

  it.each(['Ömer Çelik', 'ÖMER ÇELIK', 'ömer çelik', ' Ömer  Çelik '])('signs the admin in as %j', async (name) => {
    const reply = await login(testApp.baseUrl, name, omer.id);
    expect(reply.status).toBe(200);
    expect(reply.body.admin.name).toBe('Ömer Çelik');
  });

  it('refuses to add a name already there by its key, or one with a control character, naming each problem', async () => {
    const adding = addUsers(
      testApp.db.kysely,
      [
        { name: 'ömer  ÇELİK', class: 'PPTI 22' },
        { name: 'Nul\u0000Byte', class: 'PPTI 21', id: 'ID\u0000' },
      ],
      ['first', 'second'],
    );
    await expect(adding).rejects.toThrow(RosterError);
    await expect(adding).rejects.toMatchObject({
      problems: [
        { at: { label: 'second' }, kind: 'name-control-character' },
        { at: { label: 'second' }, kind: 'id-control-character' },
        { at: { label: 'first' }, kind: 'name-taken', name: 'Ömer Çelik' },
      ],
    });
  });

  it('does not take a name without its accents for another', async () => {
    expect((await login(testApp.baseUrl, 'Omer Celik', omer.id)).status).toBe(401);
    const reply = await postBooking(testApp.baseUrl, bookingBody({ name: 'Omer Celik' }));
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({ name: 'Nama peminjam tidak ditemukan' });
  });
});
