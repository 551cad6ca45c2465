import { sql } from 'kysely';
import { isSqlite, type MigrationDb, serialPrimaryKeyType } from './engine';

/**
 * `Tidak tersedia` periods (docs/decisions/0042): never deleted; ending one sets its `until` and
 * `ended_*`. The bookings a period cancelled or warned are rows of their own, so the borrowers it
 * cancelled can be told when it ends. A period is on the schedule, so it raises the counter too.
 */
export async function up(db: MigrationDb): Promise<void> {
  const serial = serialPrimaryKeyType(db);
  await db.schema
    .createTable('out_of_service')
    .addColumn('id', serial, (col) => (isSqlite(db) ? col.primaryKey().autoIncrement() : col.primaryKey()))
    .addColumn('ref', 'text', (col) => col.notNull().unique())
    .addColumn('motorbike_id', 'integer', (col) => col.notNull().defaultTo(1).references('motorbike.id'))
    .addColumn('from_date', 'text', (col) => col.notNull())
    .addColumn('from_time', 'text', (col) => col.notNull())
    .addColumn('until_date', 'text')
    .addColumn('until_time', 'text')
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('created_by_kind', 'text', (col) => col.notNull())
    .addColumn('created_by_name', 'text')
    .addColumn('decision', 'text')
    .addColumn('ended_at', 'text')
    .addColumn('ended_by_kind', 'text')
    .addColumn('ended_by_name', 'text')
    .addColumn('back_claimed_at', 'text')
    .execute();
  await db.schema
    .createTable('out_of_service_booking')
    .addColumn('period_id', 'integer', (col) => col.notNull().references('out_of_service.id'))
    .addColumn('booking_id', 'integer', (col) => col.notNull().references('borrow_request.id'))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('out_of_service_booking_pk', ['period_id', 'booking_id'])
    .execute();
  await db.schema.createIndex('out_of_service_booking_booking').on('out_of_service_booking').column('booking_id').execute();

  if (isSqlite(db)) {
    for (const event of ['insert', 'update']) {
      await sql
        .raw(
          `create trigger schedule_version_out_of_service_${event} after ${event} on out_of_service begin update schedule_version set version = version + 1 where id = 1; end`,
        )
        .execute(db);
    }
    return;
  }
  await sql`create trigger schedule_version_out_of_service after insert or update on out_of_service
    for each statement execute function raise_schedule_version()`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  if (isSqlite(db)) {
    for (const event of ['insert', 'update']) await sql.raw(`drop trigger schedule_version_out_of_service_${event}`).execute(db);
  } else {
    await sql`drop trigger schedule_version_out_of_service on out_of_service`.execute(db);
  }
  await db.schema.dropTable('out_of_service_booking').execute();
  await db.schema.dropTable('out_of_service').execute();
}
