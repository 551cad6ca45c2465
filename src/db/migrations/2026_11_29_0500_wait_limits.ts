import { randomBytes } from 'node:crypto';
import type { MigrationDb } from './engine';

/**
 * Issue 40 (0054): a wait keeps the parts of its span taken when asked, the only parts it may be offered (null before: all of it), and an
 * opaque `ref` for `Akhiri tawaran`. Waits are counted per roster name and cleaned up by ending time.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('slot_wait').addColumn('taken', 'text').execute();
  await db.schema.alterTable('slot_wait').addColumn('ref', 'text').execute();
  for (const { id } of await db.selectFrom('slot_wait').select('id').execute()) {
    await db
      .updateTable('slot_wait')
      .set({ ref: randomBytes(12).toString('base64url') })
      .where('id', '=', id)
      .execute();
  }
  await db.schema.createIndex('slot_wait_ref').on('slot_wait').column('ref').unique().execute();
  await db.schema.createIndex('slot_wait_users').on('slot_wait').column('users_id').execute();
  await db.schema.createIndex('slot_wait_ended').on('slot_wait').column('ended_at').execute();
  await db.schema.createIndex('borrower_link_code_expires').on('borrower_link_code').column('expires_at').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('borrower_link_code_expires').execute();
  await db.schema.dropIndex('slot_wait_ended').execute();
  await db.schema.dropIndex('slot_wait_users').execute();
  await db.schema.dropIndex('slot_wait_ref').execute();
  await db.schema.alterTable('slot_wait').dropColumn('ref').execute();
  await db.schema.alterTable('slot_wait').dropColumn('taken').execute();
}
