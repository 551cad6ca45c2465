import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, migrations } from '../../src/db/migrate';
import { copyDatabase } from '../../src/server/backup/copy';
import { addBike } from '../helpers/bikes';
import { bookingBody, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { BUDI, SITI, seedRoster } from '../helpers/roster';
import { startTestApp } from '../helpers/test-app';
import { createEmptyDatabase, createSqliteDatabase, TEST_ENGINE } from '../helpers/test-db';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe(`several bikes in the database, ${TEST_ENGINE}`, () => {
  it('existing bookings, waits and periods belong to the first bike, which stays active and first', async () => {
    const empty = await createEmptyDatabase();
    const db = empty.open();
    cleanups.push(empty.drop, () => db.close());
    const before = '2026_11_29_0600_outbox_claimed_by';
    await new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations } }).migrateTo(before);
    await sql`insert into users (id, name, name_key, class, role) values ('U1', 'Budi', 'budi', 'PPTI 21', null)`.execute(db.kysely);
    await sql`insert into borrow_request (users_id, borrow_date, start_time, end_time, reason, need_stnk, ref)
      values ('U1', '2026-11-20', '08:00', '10:00', 'x', ${false}, 'lama')`.execute(db.kysely);
    await sql`insert into borrower_device (secret_hash, created_at) values ('h', '2026-11-20T00:00:00.000Z')`.execute(db.kysely);
    await sql`insert into slot_wait (device_id, users_id, borrow_date, start_time, end_time, reason, created_at)
      select id, 'U1', '2026-11-21', '08:00', '09:00', 'x', '2026-11-20T00:00:00.000Z' from borrower_device`.execute(db.kysely);
    const applied = await migrateToLatest(db);
    expect(applied).toContain('2026_12_01_0300_several_bikes');
    expect(applied).toEqual(Object.keys(migrations).filter((name) => name > before));
    expect(await db.kysely.selectFrom('borrow_request').select('motorbike_id').execute()).toEqual([{ motorbike_id: 1 }]);
    expect(await db.kysely.selectFrom('slot_wait').select('motorbike_id').execute()).toEqual([{ motorbike_id: 1 }]);
    const bike = await db.kysely.selectFrom('motorbike').select(['id', 'active', 'sort_order', 'owner_chat_id']).executeTakeFirstOrThrow();
    expect({ ...bike, active: Boolean(bike.active) }).toEqual({ id: 1, active: true, sort_order: 1, owner_chat_id: null });
  });
});

describe.runIf(TEST_ENGINE === 'postgres')('npm run db:copy with two bikes', () => {
  it('carries the bikes and the bike of every booking', async () => {
    const source = await createSqliteDatabase();
    cleanups.push(source.drop);
    const sourceApp = await startTestApp({ database: source, now: () => jakartaInstant('2026-11-22', '10:00') });
    cleanups.push(() => sourceApp.close());
    await seedRoster(sourceApp.db, [BUDI, SITI]);
    await addBike(sourceApp.db, { id: 2, name: 'Vario merah', plate: 'B 1234 XY' });
    await addBike(sourceApp.db, { id: 3, name: 'Supra lama', active: false });
    for (const name of [BUDI.name, SITI.name]) {
      expect((await postBooking(sourceApp.baseUrl, bookingBody({ name, date: '2026-11-24' }))).status).toBe(201);
    }
    const target = await createEmptyDatabase('postgres');
    const targetDb = target.open();
    cleanups.push(target.drop, () => targetDb.close());
    await migrateToLatest(targetDb);
    await copyDatabase(sourceApp.db, targetDb);
    const bikes = await targetDb.kysely
      .selectFrom('motorbike')
      .select(['id', 'name', 'plate', 'sort_order', 'active'])
      .orderBy('id')
      .execute();
    expect(bikes).toEqual([
      { id: 1, name: 'Motor PPTI 21', plate: '', sort_order: 1, active: true },
      { id: 2, name: 'Vario merah', plate: 'B 1234 XY', sort_order: 2, active: true },
      { id: 3, name: 'Supra lama', plate: '', sort_order: 3, active: false },
    ]);
    const booked = await targetDb.kysely.selectFrom('borrow_request').select('motorbike_id').orderBy('id').execute();
    expect(booked).toEqual([{ motorbike_id: 1 }, { motorbike_id: 2 }]);
  });
});
