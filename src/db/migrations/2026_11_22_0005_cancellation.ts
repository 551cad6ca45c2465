import { randomBytes } from 'node:crypto';
import type { MigrationDb } from './engine';

function newRef(): string {
  return randomBytes(12).toString('base64url');
}

/** Cancelling is a state, never a delete. `ref` names a booking wherever an id would leak order and count. */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('borrow_request').addColumn('ref', 'text').execute();
  await db.schema.alterTable('borrow_request').addColumn('cancelled_at', 'text').execute();
  await db.schema.alterTable('borrow_request').addColumn('cancelled_by_kind', 'text').execute();
  await db.schema
    .alterTable('borrow_request')
    .addColumn('cancelled_by_user_id', 'text', (col) => col.references('users.id'))
    .execute();
  await db.schema.alterTable('borrow_request').addColumn('cancel_reason', 'text').execute();

  const rows: { id: number }[] = await db.selectFrom('borrow_request').select('id').execute();
  for (const row of rows) await db.updateTable('borrow_request').set({ ref: newRef() }).where('id', '=', row.id).execute();
  await db.schema.createIndex('borrow_request_ref').unique().on('borrow_request').column('ref').execute();
  await db.schema.createIndex('borrow_request_cancelled_at').on('borrow_request').column('cancelled_at').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('borrow_request_cancelled_at').execute();
  await db.schema.dropIndex('borrow_request_ref').execute();
  for (const column of ['cancel_reason', 'cancelled_by_user_id', 'cancelled_by_kind', 'cancelled_at', 'ref']) {
    await db.schema.alterTable('borrow_request').dropColumn(column).execute();
  }
}
