import { sql } from 'kysely';
import type { MigrationDb } from './engine';

/** SQLite (no statistics) used a `cancelled_at` index for `is null` and read every row; this holds active rows only. */
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
