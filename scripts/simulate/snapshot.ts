import type { Db } from '../../src/db/database';

/** The rows the invariants read, taken in one go after a simulated day (or from a backup with --check). */
export interface Snapshot {
  now: Date;
  timeZone: string;
  bookings: BookingRow[];
  users: { id: string; name: string; class: string; committee: boolean }[];
  charges: ChargeRow[];
  /** The treasurer's ledger (issue 39): every money event, never updated. */
  ledger: { id: number; kind: string; cash: number; note: string }[];
  audit: { action: string; target: string | null; detail: string | null }[];
  outbox: OutboxRow[];
  offers: OfferRow[];
  /** Every bike, with its owner's linked chat (null: the main chat, TELEGRAM_CHAT_ID). */
  bikes: { id: number; owner_chat_id: string | null }[];
}

export interface BookingRow {
  id: number;
  ref: string | null;
  users_id: string;
  borrow_date: string;
  start_time: string;
  end_time: string;
  end_date: string | null;
  booked_end_date: string | null;
  booked_end_time: string | null;
  reason: string;
  voucher_code: string | null;
  created_at: string | null;
  cancelled_at: string | null;
  picked_up_at: string | null;
  returned_at: string | null;
  released_at: string | null;
  purpose: string;
  motorbike_id: number;
}

export interface ChargeRow {
  id: number;
  booking_id: number;
  lines: string;
  computed_total: number;
  amount: number;
  provisional: boolean;
  admin_amount: number | null;
}

export interface OutboxRow {
  id: number;
  kind: string;
  dedupe_key: string | null;
  sent_at: string | null;
  given_up_at: string | null;
  sent_chat_id: string | null;
  sent_message_id: number | null;
  last_error: string | null;
  attempts: number;
}

export interface OfferRow {
  id: number;
  borrow_date: string;
  start_time: string;
  end_time: string;
  offered_at: string;
  hold_until: string;
  ended_at: string | null;
  booking_id: number | null;
  /** The bike the offer holds. */
  motorbike_id: number;
}

const bool = (value: unknown) => value === true || value === 1;

export async function readSnapshot(db: Db, now: Date, timeZone: string): Promise<Snapshot> {
  const k = db.kysely;
  const [bookings, users, charges, ledger, audit, outbox, offers, bikes] = await Promise.all([
    k
      .selectFrom('borrow_request')
      .select([
        'id',
        'ref',
        'users_id',
        'borrow_date',
        'start_time',
        'end_time',
        'end_date',
        'booked_end_date',
        'booked_end_time',
        'reason',
        'voucher_code',
        'created_at',
        'cancelled_at',
        'picked_up_at',
        'returned_at',
        'released_at',
        'purpose',
        'motorbike_id',
      ])
      .orderBy('id')
      .execute(),
    k.selectFrom('users').select(['id', 'name', 'class', 'committee']).execute(),
    k.selectFrom('charge').select(['id', 'booking_id', 'lines', 'computed_total', 'amount', 'provisional', 'admin_amount']).execute(),
    k.selectFrom('ledger_entry').select(['id', 'kind', 'cash', 'note']).orderBy('id').execute(),
    k.selectFrom('audit_log').select(['action', 'target', 'detail']).execute(),
    k
      .selectFrom('outbox')
      .select(['id', 'kind', 'dedupe_key', 'sent_at', 'given_up_at', 'sent_chat_id', 'sent_message_id', 'last_error', 'attempts'])
      .orderBy('id')
      .execute(),
    k
      .selectFrom('slot_offer')
      .select(['id', 'borrow_date', 'start_time', 'end_time', 'offered_at', 'hold_until', 'ended_at', 'booking_id', 'motorbike_id'])
      .execute(),
    k.selectFrom('motorbike').select(['id', 'owner_chat_id']).orderBy('id').execute(),
  ]);
  return {
    now,
    timeZone,
    bookings,
    users: users.map((user) => ({ ...user, committee: bool(user.committee) })),
    charges: charges.map((charge) => ({ ...charge, provisional: bool(charge.provisional) })),
    ledger,
    audit,
    outbox,
    offers,
    bikes,
  };
}
