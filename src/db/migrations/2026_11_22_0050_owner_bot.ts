import type { MigrationDb } from './engine';

/** `outbox.dedupe_key` makes "once" a fact of the database, whichever instance inserts the row. */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('dedupe_key', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('sent_chat_id', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('sent_message_id', 'integer').execute();
  await db.schema.createIndex('outbox_dedupe_key').unique().on('outbox').column('dedupe_key').execute();

  await db.schema
    .createTable('telegram_bot')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('poller_holder', 'text')
    .addColumn('poller_lease_until', 'text')
    .addColumn('last_update_id', 'integer')
    .addColumn('webhook_secret', 'text')
    .execute();
  await db.insertInto('telegram_bot').values({ id: 'bot' }).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('telegram_bot').execute();
  await db.schema.dropIndex('outbox_dedupe_key').execute();
  for (const column of ['sent_message_id', 'sent_chat_id', 'dedupe_key']) {
    await db.schema.alterTable('outbox').dropColumn(column).execute();
  }
}
