import type { MigrationDb } from './engine';

/** Where the key is (docs/decisions/0051): the Motor tab's `Tempat ambil kunci` and the owner's WhatsApp number (digits), both optional. */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('motorbike').addColumn('key_place', 'text').execute();
  await db.schema.alterTable('motorbike').addColumn('owner_whatsapp', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('motorbike').dropColumn('owner_whatsapp').execute();
  await db.schema.alterTable('motorbike').dropColumn('key_place').execute();
}
