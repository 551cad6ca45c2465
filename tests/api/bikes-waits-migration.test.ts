import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { toBoolean } from '../../src/db/database';
import { migrateToLatest, migrations } from '../../src/db/migrate';
import { createEmptyDatabase, TEST_ENGINE } from '../helpers/test-db';

describe(`waits made before a wait had its bike, ${TEST_ENGINE}`, () => {
  it('stay the first bike’s, as do the holds of their offers', async () => {
    const empty = await createEmptyDatabase();
    const db = empty.open();
    try {
      await new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations } }).migrateTo('2026_12_02_0400_ledger_totals');
      await sql`insert into users (id, name, class, role, name_key) values ('U1', 'Budi', 'PPTI 21', null, 'budi')`.execute(db.kysely);
      await sql`insert into borrower_device (id, secret_hash, created_at) values (1, 'h', '2026-11-22T00:00:00.000Z')`.execute(db.kysely);
      await sql`insert into slot_wait (id, device_id, users_id, borrow_date, start_time, end_time, reason, created_at, ref)
        values (1, 1, 'U1', '2026-11-23', '10:00', '12:00', 'x', '2026-11-22T00:00:00.000Z', 'r1')`.execute(db.kysely);
      await sql`insert into slot_offer (id, wait_id, borrow_date, start_time, end_time, offered_at, hold_until)
        values (1, 1, '2026-11-23', '10:00', '12:00', '2026-11-22T00:00:00.000Z', '2026-11-22T00:15:00.000Z')`.execute(db.kysely);
      await migrateToLatest(db);
      const wait = await db.kysely.selectFrom('slot_wait').select(['motorbike_id', 'any_bike']).executeTakeFirstOrThrow();
      expect({ ...wait, any_bike: toBoolean(wait.any_bike) }).toEqual({ motorbike_id: 1, any_bike: false });
      expect(await db.kysely.selectFrom('slot_offer').select('motorbike_id').execute()).toEqual([{ motorbike_id: 1 }]);
    } finally {
      await db.close();
      await empty.drop();
    }
  });
});
