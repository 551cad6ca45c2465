// `npm run bench -- --years N`: N years of a class's history before the bench's own 60 days, from a
// seed, in the app's tables through its Kysely schema (src/db/schema.ts) on either engine.
import type { Insertable } from 'kysely';
import type { Db } from '../src/db/database';
import { fillLedgerTotals } from '../src/db/migrations/2026_12_02_0400_ledger_totals';
import type { Database } from '../src/db/schema';
import { addDays } from '../src/domain/time/clock';

type Rows<T extends keyof Database> = Insertable<Database[T]>[];

/** Mulberry32: the same seed gives the same five years on every machine and engine. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const CHUNK = 500;

async function insertAll<T extends keyof Database>(db: Db, table: T, rows: Rows<T>): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    for (let index = 0; index < rows.length; index += CHUNK) {
      await trx
        .insertInto(table)
        // biome-ignore lint/suspicious/noExplicitAny: one generic bulk insert for every table of the schema; each caller's rows are typed
        .values(rows.slice(index, index + CHUNK) as any)
        .execute();
    }
  });
}

const instant = (date: string, time: string) => new Date(`${date}T${time}:00+07:00`).toISOString();
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export interface YearsCounts {
  bookings: number;
  outbox: number;
  addressEvents: number;
  audit: number;
  ledger: number;
  waits: number;
}

interface Loan {
  id: number;
  usersId: string;
  date: string;
  start: string;
  end: string;
  cancelled: boolean;
}

/** The bookings of `days` days ending the day before `lastDate`: about 5.5 a day, a tenth cancelled, the rest picked up and returned. */
function historyBookings(next: () => number, userIds: string[], lastDate: string, days: number): Rows<'borrow_request'> {
  const rows: Rows<'borrow_request'> = [];
  for (let day = days; day > 0; day--) {
    const date = addDays(lastDate, -day);
    const count = 3 + Math.floor(next() * 6);
    for (let slot = 0; slot < count; slot++) {
      const start = 7 * 60 + slot * 120;
      const end = start + 60 + Math.floor(next() * 3) * 15;
      const cancelled = next() < 0.1;
      const made = instant(addDays(date, -1 - Math.floor(next() * 5)), hhmm(8 * 60 + Math.floor(next() * 600)));
      const back = instant(date, hhmm(end + Math.floor(next() * 20)));
      rows.push({
        users_id: userIds[Math.floor(next() * userIds.length)] ?? '',
        borrow_date: date,
        start_time: hhmm(start),
        end_time: hhmm(end),
        end_date: date,
        reason: 'Kuliah pagi dan praktikum',
        purpose: 'personal',
        need_stnk: next() < 0.5,
        voucher_code: null,
        created_at: made,
        ref: Math.floor(next() * 2 ** 52).toString(36) + rows.length.toString(36),
        cancel_token_hash: Math.floor(next() * 2 ** 52)
          .toString(16)
          .padStart(64, '0'),
        ...(cancelled
          ? { cancelled_at: made, cancelled_by_kind: 'borrower', cancel_reason: 'Tidak jadi' }
          : {
              picked_up_at: instant(date, hhmm(start + Math.floor(next() * 10))),
              picked_up_by_kind: 'owner',
              fuel_out: 'half',
              returned_at: back,
              returned_by_kind: 'owner',
              fuel_back: 'half',
              km_back: 10_000 + rows.length * 7,
              stnk_back: true,
            }),
      });
    }
  }
  return rows;
}

function moneyRows(loans: Loan[], now: string): { charges: Rows<'charge'>; ledger: Rows<'ledger_entry'> } {
  const charges: Rows<'charge'> = [];
  const ledger: Rows<'ledger_entry'> = [];
  for (const loan of loans) {
    if (loan.cancelled) continue;
    const at = instant(loan.date, loan.end);
    const amount = 5_000 + (loan.id % 4) * 2_500;
    const chargeLines = [{ label: 'Sewa', amount }];
    const lines = JSON.stringify(chargeLines);
    charges.push({
      booking_id: loan.id,
      users_id: loan.usersId,
      lines,
      computed_total: amount,
      amount,
      provisional: false,
      created_at: at,
      updated_at: at,
    });
    ledger.push({
      kind: 'charge',
      entry_date: loan.date,
      users_id: loan.usersId,
      booking_id: loan.id,
      cash: 0,
      owed: amount,
      basis: JSON.stringify({ lines: chargeLines }),
      created_at: at,
      created_by: '',
      detail: '',
      note: '',
    });
    const paidOn = addDays(loan.date, 3);
    ledger.push({
      kind: 'payment',
      entry_date: paidOn,
      users_id: loan.usersId,
      booking_id: null,
      cash: amount,
      owed: -amount,
      detail: 'Tunai',
      note: '',
      basis: null,
      created_at: instant(paidOn, '12:00'),
      created_by: 'Bendahara',
    });
    if (loan.id % 20 === 0) {
      ledger.push({
        kind: 'expense',
        entry_date: loan.date,
        cash: -50_000,
        owed: 0,
        detail: 'Bensin',
        users_id: null,
        booking_id: null,
        basis: null,
        note: 'Isi bensin',
        created_at: at,
        created_by: 'Bendahara',
      });
    }
  }
  return { charges, ledger: ledger.filter((entry) => (entry.created_at ?? '') < now) };
}

const OUTBOX_KINDS = ['booking-created', 'owner-reminder', 'handover-question', 'borrower-reminder', 'borrower-notice', 'handover-receipt'];

/** What five years of messages, limits, retries and audit leave: 15 sent messages, 25 address events, 3 audit rows and an answer key per booking. */
function debrisRows(next: () => number, loans: Loan[]) {
  const outbox: Rows<'outbox'> = [];
  const addressEvents: Rows<'address_events'> = [];
  const idempotencyKeys: Rows<'idempotency_keys'> = [];
  const audit: Rows<'audit_log'> = [];
  for (const loan of loans) {
    const at = instant(loan.date, loan.start);
    for (let message = 0; message < 15; message++) {
      const kind = OUTBOX_KINDS[message % OUTBOX_KINDS.length] ?? 'booking-created';
      const payload = JSON.stringify({
        ref: `b${loan.id}`,
        name: 'Mahasiswa 01',
        date: loan.date,
        start: loan.start,
        end: loan.end,
        message,
      });
      outbox.push({
        kind,
        payload,
        created_at: at,
        attempts: 1,
        next_attempt_at: at,
        sent_at: at,
        dedupe_key: `${kind}:${loan.id}:${message}`,
        sent_chat_id: '1001',
        sent_message_id: loan.id * 16 + message,
        chat_id: message % 2 ? String(5000 + (loan.id % 60)) : null,
      });
    }
    for (let event = 0; event < 25; event++) {
      addressEvents.push({
        kind: ['booking', 'wait', 'link-code', 'voucher-guess'][event % 4] ?? 'booking',
        ip: `10.${loan.id % 250}.${event}.${Math.floor(next() * 250)}`,
        at,
      });
    }
    idempotencyKeys.push({
      key: `bench-${loan.id}`,
      request_hash: 'h'.repeat(64),
      status: 201,
      body: JSON.stringify({ ref: `b${loan.id}`, cancelSecret: 'x'.repeat(43) }),
      created_at: at,
      expires_at: at,
    });
    for (const action of ['booking.create', 'handover.pickup', loan.cancelled ? 'booking.cancel' : 'handover.return']) {
      audit.push({
        at,
        actor_user_id: null,
        actor_name: 'Pemilik',
        action,
        target: `b${loan.id}`,
        detail: JSON.stringify({ date: loan.date, start: loan.start }),
        address: null,
        repeats: 1,
      });
    }
  }
  return { outbox, addressEvents, idempotencyKeys, audit };
}

function waitRows(loans: Loan[], devices: number): { waits: Rows<'slot_wait'>; offers: Rows<'slot_offer'> } {
  const waits: Rows<'slot_wait'> = [];
  for (const loan of loans) {
    if (loan.id % 5 !== 0) continue;
    const at = instant(loan.date, '06:00');
    waits.push({
      device_id: 1 + (loan.id % devices),
      users_id: loan.usersId,
      borrow_date: loan.date,
      start_time: loan.start,
      end_time: loan.end,
      reason: 'Menunggu',
      created_at: at,
      ended_at: at,
      ended_how: 'past',
    });
  }
  return { waits, offers: [] };
}

/**
 * `years` of history ending 30 days before `today` (the bench's own 60 days start there), for the
 * users already in the roster: bookings with their handovers, charges, payments and expenses,
 * 12 out-of-service periods a year, waits, and as debris every message sent, address event and
 * idempotency key, all older than any retention period would keep.
 */
export async function seedYears(db: Db, today: string, years: number, seed = 44): Promise<YearsCounts> {
  const next = random(seed);
  const userIds = (await db.kysely.selectFrom('users').select('id').orderBy('id').execute()).map((row) => row.id);
  const firstBenchDay = addDays(today, -30);
  const bookings = historyBookings(next, userIds, firstBenchDay, Math.round(years * 365));
  await insertAll(db, 'borrow_request', bookings);
  const saved = await db.kysely
    .selectFrom('borrow_request')
    .select(['id', 'users_id', 'borrow_date', 'start_time', 'end_time', 'cancelled_at'])
    .where('borrow_date', '<', firstBenchDay)
    .orderBy('id')
    .execute();
  const loans: Loan[] = saved.map((row) => ({
    id: row.id,
    usersId: row.users_id,
    date: row.borrow_date,
    start: row.start_time,
    end: row.end_time,
    cancelled: row.cancelled_at !== null,
  }));
  const { charges, ledger } = moneyRows(loans, new Date().toISOString());
  await insertAll(db, 'charge', charges);
  await insertAll(db, 'ledger_entry', ledger);
  await fillLedgerTotals(db.kysely);
  const devices = 300;
  await insertAll(
    db,
    'borrower_device',
    Array.from({ length: devices }, (_, index) => ({
      secret_hash: index.toString(16).padStart(64, '0'),
      created_at: instant(addDays(firstBenchDay, -1000), '08:00'),
    })),
  );
  await insertAll(
    db,
    'borrower_device_booking',
    loans.map((loan) => ({ device_id: 1 + (loan.id % devices), booking_id: loan.id })),
  );
  await insertAll(
    db,
    'borrower_chat',
    Array.from({ length: devices / 2 }, (_, index) => ({
      chat_id: String(5000 + index),
      device_id: 1 + index,
      linked_at: instant(addDays(firstBenchDay, -1000), '08:00'),
    })),
  );
  const { waits } = waitRows(loans, devices);
  await insertAll(db, 'slot_wait', waits);
  const periods: Rows<'out_of_service'> = Array.from({ length: years * 12 }, (_, index) => {
    const from = addDays(firstBenchDay, -30 * (index + 1));
    return {
      ref: `period-${index}`,
      motorbike_id: 1,
      from_date: from,
      from_time: '00:00',
      until_date: addDays(from, 1),
      until_time: '00:00',
      reason: 'Servis rutin',
      created_at: instant(from, '07:00'),
      created_by_kind: 'owner',
      decision: 'keep',
      ended_at: instant(addDays(from, 1), '00:00'),
      ended_by_kind: 'owner',
    };
  });
  await insertAll(db, 'out_of_service', periods);
  const debris = debrisRows(next, loans);
  await insertAll(db, 'outbox', debris.outbox);
  await insertAll(db, 'address_events', debris.addressEvents);
  await insertAll(db, 'idempotency_keys', debris.idempotencyKeys);
  await insertAll(db, 'audit_log', debris.audit);
  return {
    bookings: loans.length,
    outbox: debris.outbox.length,
    addressEvents: debris.addressEvents.length,
    audit: debris.audit.length,
    ledger: ledger.length,
    waits: waits.length,
  };
}
