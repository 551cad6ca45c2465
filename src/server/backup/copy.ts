import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { BackupError } from './service';

type Table = keyof Database;

// In the order foreign keys allow. schedule_version is not copied: it is a counter the target's
// triggers raise by themselves, nor retention_run, the days the source's retention job ran;
// telegram_bot's one row replaces the one its migration made.
export const COPIED_TABLES: Table[] = [
  'users',
  'vouchers',
  'motorbike',
  'borrow_request',
  'admin_sessions',
  'login_attempts',
  'outbox',
  'audit_log',
  'idempotency_keys',
  'address_events',
  'cancel_token_attempts',
  'telegram_bot',
  'charge',
  'ledger_entry',
  'ledger_month',
  'ledger_member',
  'ledger_loan',
  'fund_how_to_pay',
  'payment_claim',
  'borrower_device',
  'borrower_device_booking',
  'borrower_link_code',
  'borrower_chat',
  'out_of_service',
  'out_of_service_booking',
  'slot_wait',
  'slot_offer',
  'push_subscription',
  'push_key',
];
const NOT_COPIED = new Set<string>(['schedule_version', 'kysely_migration', 'kysely_migration_lock', 'retention_run']);
const SEEDED_BY_MIGRATIONS = new Set<Table>(['telegram_bot', 'motorbike']);
const SERIAL_IDS = new Set<Table>([
  'borrow_request',
  'login_attempts',
  'outbox',
  'audit_log',
  'address_events',
  'cancel_token_attempts',
  'charge',
  'ledger_entry',
  'payment_claim',
  'borrower_device',
  'out_of_service',
  'slot_wait',
  'slot_offer',
  'push_subscription',
]);
const ROWS_PER_INSERT = 500;

async function countRows(db: Executor, table: Table): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function sourceTables(source: Db): Promise<string[]> {
  if (source.engine === 'sqlite') {
    const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(
      source.kysely,
    );
    return rows.map((row) => row.name);
  }
  const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(source.kysely);
  return rows.map((row) => row.name);
}

/**
 * Copies every row of `source` into `target`, a migrated PostgreSQL database that holds no data yet, in one transaction: ids, refs and
 * hashes as they are, each sequence moved past the highest id, the row count of every table checked before the commit. Returns the counts.
 */
export async function copyDatabase(source: Db, target: Db): Promise<Map<Table, number>> {
  if (target.engine !== 'postgres') throw new BackupError('db:copy: the target must be PostgreSQL (--to postgres://…)');
  const unknown = (await sourceTables(source)).filter((name) => !NOT_COPIED.has(name) && !COPIED_TABLES.includes(name as Table));
  if (unknown.length > 0) throw new BackupError(`db:copy: does not know how to copy the table ${unknown[0]}`);
  const { rows: booleanColumns } = await sql<{ table_name: string; column_name: string }>`select table_name, column_name
    from information_schema.columns where table_schema = current_schema() and data_type = 'boolean'`.execute(target.kysely);
  const booleans = new Set(booleanColumns.map((column) => `${column.table_name}.${column.column_name}`));

  return target.kysely.transaction().execute(async (trx) => {
    for (const table of COPIED_TABLES) {
      if (SEEDED_BY_MIGRATIONS.has(table)) continue;
      if ((await countRows(trx, table)) > 0)
        throw new BackupError(`db:copy: the target already holds data (table ${table}); copy into an empty database`);
    }
    const counts = new Map<Table, number>();
    for (const table of COPIED_TABLES) {
      if (SEEDED_BY_MIGRATIONS.has(table)) await trx.deleteFrom(table).execute();
      const rows = (await source.kysely.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
      const converted = rows.map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([column, value]) => [
            column,
            booleans.has(`${table}.${column}`) && typeof value === 'number' ? value === 1 : value,
          ]),
        ),
      );
      for (let start = 0; start < converted.length; start += ROWS_PER_INSERT) {
        // The rows are the source's own rows of this table; no one static row type covers every table.
        await trx
          .insertInto(table)
          .values(converted.slice(start, start + ROWS_PER_INSERT) as never)
          .execute();
      }
      const copied = await countRows(trx, table);
      if (copied !== rows.length) throw new BackupError(`db:copy: ${table} has ${copied} rows in the target, ${rows.length} in the source`);
      counts.set(table, copied);
      if (SERIAL_IDS.has(table)) {
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), max(id)) from ${sql.table(table)} having max(id) is not null`.execute(
          trx,
        );
      }
    }
    return counts;
  });
}
