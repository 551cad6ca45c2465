import { sql } from 'kysely';
import type { MigrationDb } from './engine';

/** The ledger's running totals, kept by its one writer in its transaction (0059): months' cash, members' debts, loans' places. */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('ledger_month')
    .addColumn('month', 'text', (col) => col.primaryKey())
    .addColumn('cash_in', 'bigint', (col) => col.notNull())
    .addColumn('cash_out', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('ledger_member')
    .addColumn('users_id', 'text', (col) => col.primaryKey().references('users.id'))
    .addColumn('owed', 'bigint', (col) => col.notNull())
    .addColumn('paid', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('ledger_loan')
    .addColumn('booking_id', 'integer', (col) => col.primaryKey().references('borrow_request.id'))
    .addColumn('users_id', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('first_date', 'text', (col) => col.notNull())
    .addColumn('first_id', 'integer', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('charged_through', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('ledger_loan_order').on('ledger_loan').columns(['users_id', 'first_date', 'first_id']).execute();
  await fillLedgerTotals(db);
}

/** The totals from every entry; also what the five-year bench runs after writing its entries in bulk. */
export async function fillLedgerTotals(db: MigrationDb): Promise<void> {
  for (const table of ['ledger_loan', 'ledger_member', 'ledger_month']) await db.deleteFrom(table).execute();
  await sql`insert into ledger_month (month, cash_in, cash_out)
    select substr(entry_date, 1, 7), sum(case when cash > 0 then cash else 0 end), sum(case when cash < 0 then -cash else 0 end)
    from ledger_entry where cash <> 0 group by substr(entry_date, 1, 7)`.execute(db);
  await sql`insert into ledger_member (users_id, owed, paid)
    select users_id, sum(owed), sum(case when kind in ('charge', 'charge-change') and booking_id is not null then 0 else -owed end)
    from ledger_entry where users_id is not null group by users_id`.execute(db);
  await sql`with charged as (
      select booking_id, users_id, entry_date, id, owed,
        row_number() over (partition by booking_id order by entry_date, id) as nth,
        sum(owed) over (partition by booking_id) as amount
      from ledger_entry
      where kind in ('charge', 'charge-change') and booking_id is not null and users_id is not null and owed <> 0)
    insert into ledger_loan (booking_id, users_id, first_date, first_id, amount, charged_through)
    select booking_id, users_id, entry_date, id, amount,
      sum(amount) over (partition by users_id order by entry_date, id rows between unbounded preceding and current row)
    from charged where nth = 1`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['ledger_loan', 'ledger_member', 'ledger_month']) await db.schema.dropTable(table).execute();
}
