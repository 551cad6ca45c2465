import { isSqlite, type MigrationDb, serialPrimaryKeyType } from './engine';

interface OldCharge {
  booking_id: number;
  users_id: string;
  lines: string;
  computed_total: number;
  provisional: boolean | number;
  admin_amount: number | null;
  admin_reason: string | null;
  created_at: string;
  updated_at: string;
  borrow_date: string;
  picked_up_at: string | null;
  returned_at: string | null;
}

async function createLedger(db: MigrationDb): Promise<void> {
  const serial = serialPrimaryKeyType(db);
  await db.schema
    .createTable('ledger_entry')
    .addColumn('id', serial, (col) => (isSqlite(db) ? col.primaryKey().autoIncrement() : col.primaryKey()))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('entry_date', 'text', (col) => col.notNull())
    .addColumn('users_id', 'text', (col) => col.references('users.id'))
    .addColumn('booking_id', 'integer', (col) => col.references('borrow_request.id'))
    .addColumn('cash', 'integer', (col) => col.notNull())
    .addColumn('owed', 'integer', (col) => col.notNull())
    .addColumn('dues_month', 'text')
    .addColumn('detail', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('basis', 'text')
    .addColumn('corrects_id', 'integer', (col) => col.unique().references('ledger_entry.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('ledger_entry_date').on('ledger_entry').column('entry_date').execute();
  await db.schema.createIndex('ledger_entry_users').on('ledger_entry').column('users_id').execute();
  await db.schema.createIndex('ledger_entry_booking').on('ledger_entry').column('booking_id').execute();
}

async function copyCharges(db: MigrationDb): Promise<void> {
  const charges: OldCharge[] = await db
    .selectFrom('charge as c')
    .innerJoin('borrow_request as b', 'b.id', 'c.booking_id')
    .select([
      'c.booking_id',
      'c.users_id',
      'c.lines',
      'c.computed_total',
      'c.provisional',
      'c.admin_amount',
      'c.admin_reason',
      'c.created_at',
      'c.updated_at',
      'b.borrow_date',
      'b.picked_up_at',
      'b.returned_at',
    ])
    .orderBy('c.id')
    .execute();
  for (const charge of charges) {
    const common = { entry_date: charge.borrow_date, users_id: charge.users_id, booking_id: charge.booking_id, cash: 0 };
    const basis = JSON.stringify({
      lines: JSON.parse(charge.lines),
      pickedUpAt: charge.picked_up_at,
      returnedAt: charge.returned_at,
      provisional: charge.provisional === true || charge.provisional === 1,
    });
    const computed = Number(charge.computed_total);
    await db
      .insertInto('ledger_entry')
      .values({ ...common, kind: 'charge', owed: computed, basis, created_at: charge.created_at, created_by: '' })
      .execute();
    if (charge.admin_amount === null || Number(charge.admin_amount) === computed) continue;
    await db
      .insertInto('ledger_entry')
      .values({
        ...common,
        kind: 'charge-change',
        owed: Number(charge.admin_amount) - computed,
        note: charge.admin_reason ?? '',
        created_at: charge.updated_at,
        created_by: '',
      })
      .execute();
  }
}

/**
 * The treasurer's book (docs/decisions/0053): one append-only table of entries. Every charge, waiver, payment and expense so far becomes an
 * entry with its amount and date; the payment and expense tables go, the charge table stays as each loan's current reading of the rules.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createLedger(db);
  await copyCharges(db);
  const payments = await db.selectFrom('payment').selectAll().orderBy('id').execute();
  for (const payment of payments) {
    await db
      .insertInto('ledger_entry')
      .values({
        kind: 'payment',
        entry_date: payment.paid_on,
        users_id: payment.users_id,
        cash: Number(payment.amount),
        owed: -Number(payment.amount),
        detail: payment.method,
        note: payment.note,
        created_at: payment.created_at,
        created_by: payment.created_by,
      })
      .execute();
  }
  const expenses = await db.selectFrom('expense').selectAll().orderBy('id').execute();
  for (const expense of expenses) {
    await db
      .insertInto('ledger_entry')
      .values({
        kind: 'expense',
        entry_date: expense.spent_on,
        cash: -Number(expense.amount),
        owed: 0,
        detail: expense.category,
        note: expense.note,
        created_at: expense.created_at,
        created_by: expense.created_by,
      })
      .execute();
  }
  await db.schema.dropTable('payment').execute();
  await db.schema.dropTable('expense').execute();
}

/** Back to the two tables, empty: the ledger's entries have no faithful place in them. */
export async function down(db: MigrationDb): Promise<void> {
  const serial = serialPrimaryKeyType(db);
  await db.schema
    .createTable('payment')
    .addColumn('id', serial, (col) => (isSqlite(db) ? col.primaryKey().autoIncrement() : col.primaryKey()))
    .addColumn('users_id', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('paid_on', 'text', (col) => col.notNull())
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('payment_users').on('payment').column('users_id').execute();
  await db.schema
    .createTable('expense')
    .addColumn('id', serial, (col) => (isSqlite(db) ? col.primaryKey().autoIncrement() : col.primaryKey()))
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('spent_on', 'text', (col) => col.notNull())
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.notNull())
    .execute();
  await db.schema.dropTable('ledger_entry').execute();
}
