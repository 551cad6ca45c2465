import { sql } from 'kysely';
import type { MigrationDb } from './engine';

/**
 * Every read of the schedule and every booking's clash check asks for active bookings of a date.
 * With an index on `cancelled_at` alone, SQLite (which keeps no statistics unless asked) took it
 * for `cancelled_at is null`, which nearly every row matches, and read the whole table: a
 * booking's check grew with every booking ever made. A partial index holds only active bookings,
 * in the order the queries want them. Nothing looks bookings up by `cancelled_at` itself.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('borrow_request_cancelled_at').execute();
  await db.schema
    .createIndex('borrow_request_active_by_date')
    .on('borrow_request')
    .columns(['borrow_date', 'start_time', 'id'])
    .where(sql.ref('cancelled_at'), 'is', null)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('borrow_request_active_by_date').execute();
  await db.schema.createIndex('borrow_request_cancelled_at').on('borrow_request').column('cancelled_at').execute();
}
