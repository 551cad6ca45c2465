import type { MigrationDb } from './engine';

/** Codes are stored uppercase from now on; a code with an uppercase twin merges into it, used if either was. */
export async function up(db: MigrationDb): Promise<void> {
  const rows: { code: string; is_used: boolean | number; created_at: string | null; created_by: string | null }[] = await db
    .selectFrom('vouchers')
    .select(['code', 'is_used', 'created_at', 'created_by'])
    .execute();
  const mixed = rows.filter((row) => row.code !== row.code.toUpperCase());
  for (const row of mixed) {
    const upper = row.code.toUpperCase();
    const used = row.is_used === true || row.is_used === 1;
    const twin = await db.selectFrom('vouchers').select('is_used').where('code', '=', upper).executeTakeFirst();
    if (twin) {
      if (used) await db.updateTable('vouchers').set({ is_used: true }).where('code', '=', upper).execute();
    } else {
      await db
        .insertInto('vouchers')
        .values({ code: upper, is_used: used, created_at: row.created_at, created_by: row.created_by })
        .execute();
    }
    await db.updateTable('borrow_request').set({ voucher_code: upper }).where('voucher_code', '=', row.code).execute();
    await db.deleteFrom('vouchers').where('code', '=', row.code).execute();
  }
}

export async function down(): Promise<void> {
  // The original letters are gone; uppercase codes are valid before this migration too.
}
