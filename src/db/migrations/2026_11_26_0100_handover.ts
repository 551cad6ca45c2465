import { sql } from 'kysely';
import type { MigrationDb } from './engine';

const HANDOVER_COLUMNS: [string, 'text' | 'integer' | 'boolean'][] = [
  ['picked_up_at', 'text'],
  ['picked_up_by_kind', 'text'],
  ['picked_up_by_name', 'text'],
  ['fuel_out', 'text'],
  ['returned_at', 'text'],
  ['returned_by_kind', 'text'],
  ['returned_by_name', 'text'],
  ['fuel_back', 'text'],
  ['km_back', 'integer'],
  ['stnk_back', 'boolean'],
  ['condition_note', 'text'],
  ['released_at', 'text'],
  ['released_by_kind', 'text'],
  ['released_by_name', 'text'],
  ['booked_end_date', 'text'],
  ['booked_end_time', 'text'],
];

/**
 * What happened to a booking, beside what was booked: a return or a release moves the booking's end to the minute the bike was free again,
 * and `booked_end_*` keep the plan (docs/decisions/0038). The motorbike is a row of its own, so a second one is a row, not a schema change.
 */
export async function up(db: MigrationDb): Promise<void> {
  for (const [name, type] of HANDOVER_COLUMNS) await db.schema.alterTable('borrow_request').addColumn(name, type).execute();
  // The loans out now: read by every booking (a late bike blocks the next hours) and by the bot's rounds.
  await db.schema
    .createIndex('borrow_request_out')
    .on('borrow_request')
    .column('picked_up_at')
    .where(sql.ref('picked_up_at'), 'is not', null)
    .where(sql.ref('returned_at'), 'is', null)
    .where(sql.ref('released_at'), 'is', null)
    .where(sql.ref('cancelled_at'), 'is', null)
    .execute();
  await db.schema
    .createTable('motorbike')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('plate', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('last_km', 'integer')
    .addColumn('last_fuel', 'text')
    .execute();
  await db.insertInto('motorbike').values({ id: 1, name: 'Motor PPTI 21' }).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('motorbike').execute();
  await db.schema.dropIndex('borrow_request_out').execute();
  for (const [name] of [...HANDOVER_COLUMNS].reverse()) await db.schema.alterTable('borrow_request').dropColumn(name).execute();
}
