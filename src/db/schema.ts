import type { Generated } from 'kysely';

// The spec's tables keep their names and columns so the original app's data fits. On both engines
// dates are 'YYYY-MM-DD' text, times 'HH:MM' text and instants ISO-8601 UTC text.
export interface Database {
  users: UsersTable;
  borrow_request: BorrowRequestTable;
  vouchers: VouchersTable;
  admin_sessions: AdminSessionsTable;
  login_attempts: LoginAttemptsTable;
  outbox: OutboxTable;
  audit_log: AuditLogTable;
  idempotency_keys: IdempotencyKeysTable;
  address_events: AddressEventsTable;
  cancel_token_attempts: CancelTokenAttemptsTable;
  telegram_bot: TelegramBotTable;
  schedule_version: ScheduleVersionTable;
  motorbike: MotorbikeTable;
  charge: ChargeTable;
  ledger_entry: LedgerEntryTable;
  fund_how_to_pay: FundHowToPayTable;
  payment_claim: PaymentClaimTable;
  borrower_device: BorrowerDeviceTable;
  borrower_device_booking: BorrowerDeviceBookingTable;
  borrower_link_code: BorrowerLinkCodeTable;
  borrower_chat: BorrowerChatTable;
  out_of_service: OutOfServiceTable;
  out_of_service_booking: OutOfServiceBookingTable;
  slot_wait: SlotWaitTable;
  slot_offer: SlotOfferTable;
  push_subscription: PushSubscriptionTable;
  push_key: PushKeyTable;
  retention_run: RetentionRunTable;
  ledger_month: LedgerMonthTable;
  ledger_member: LedgerMemberTable;
  ledger_loan: LedgerLoanTable;
}

export interface UsersTable {
  id: string;
  name: string;
  name_key: string;
  class: string;
  role: string | null;
  active: Generated<boolean>;
  /** Names the member in admin answers; never the id, which is an admin's login code. */
  ref: string | null;
  /** Marked `Panitia` by an admin: may book for the committee (migration 0200). */
  committee: Generated<boolean>;
}

export interface BorrowRequestTable {
  id: Generated<number>;
  users_id: string;
  borrow_date: string;
  start_time: string;
  end_time: string;
  reason: string;
  need_stnk: boolean;
  /** Null (rows imported from the original app) means borrow_date. */
  end_date: string | null;
  voucher_code: string | null;
  created_at: string | null;
  ref: string | null;
  cancelled_at: string | null;
  cancelled_by_kind: string | null;
  cancelled_by_user_id: string | null;
  cancel_reason: string | null;
  /** SHA-256 (hex) of the borrower's cancel secret, which is never stored; null for older bookings. */
  cancel_token_hash: string | null;
  // The handover (migration 0100): instants ISO UTC; `*_by_kind` 'owner' | 'borrower' | 'admin', `*_by_name` the admin's.
  picked_up_at: string | null;
  picked_up_by_kind: string | null;
  picked_up_by_name: string | null;
  fuel_out: string | null;
  returned_at: string | null;
  returned_by_kind: string | null;
  returned_by_name: string | null;
  fuel_back: string | null;
  km_back: number | null;
  stnk_back: boolean | null;
  condition_note: string | null;
  released_at: string | null;
  released_by_kind: string | null;
  released_by_name: string | null;
  /** The planned end, kept once a return or release moved end_date/end_time; null while they hold the plan. */
  booked_end_date: string | null;
  booked_end_time: string | null;
  /** 'personal' | 'food' | 'committee' (`Keperluan`, migration 0200). */
  purpose: Generated<string>;
  /** The bike booked (migration 2026_12_01_0300); its handover is this row's. */
  motorbike_id: Generated<number>;
}

export interface VouchersTable {
  code: string;
  is_used: boolean;
  created_at: string | null;
  created_by: string | null;
  note: string | null;
  /** A revoked voucher is also marked used, so every path refuses it. */
  revoked_at: string | null;
  revoked_by: string | null;
}

export interface AdminSessionsTable {
  /** Hashed, so a database dump does not hand out sessions. */
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  name_key: string;
  ip: string;
  succeeded: boolean;
  attempted_at: string;
}

export interface OutboxTable {
  id: Generated<number>;
  kind: string;
  /** JSON of what the message is about; the worker renders the text when it sends. */
  payload: string;
  created_at: string;
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  sent_at: string | null;
  given_up_at: string | null;
  last_error: string | null;
  /** One row per key, whichever instance inserts it: 'booking:{ref}', 'digest:{date}', 'reminder:{ref}', 'update:{update_id}'. */
  dedupe_key: string | null;
  sent_chat_id: string | null;
  sent_message_id: number | null;
  /** A borrower's private chat (migration 0200 of 27 Nov); null is the owner's chat. */
  chat_id: string | null;
  /** The worker holding the claim (migration 0600 of 29 Nov); only it renews the claim and sends. */
  claimed_by: string | null;
}

export interface TelegramBotTable {
  id: string;
  poller_holder: string | null;
  poller_lease_until: string | null;
  last_update_id: number | null;
  webhook_secret: string | null;
}

/** Append-only: nothing updates or deletes a row. */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  actor_user_id: string | null;
  actor_name: string;
  action: string;
  target: string | null;
  detail: string | null;
  /** Refused sign-ins only: the client address. */
  address: string | null;
  /** Refused sign-ins only: how many came from that address for that name within the entry's minute. */
  repeats: Generated<number>;
}

export interface IdempotencyKeysTable {
  key: string;
  /** The same key with another body is refused. */
  request_hash: string;
  status: number;
  body: string;
  created_at: string;
  expires_at: string;
}

export interface AddressEventsTable {
  id: Generated<number>;
  kind: string;
  ip: string;
  at: string;
}

export interface CancelTokenAttemptsTable {
  id: Generated<number>;
  ip: string;
  succeeded: boolean;
  attempted_at: string;
}

/** One row (id 1), raised by triggers on every write to what the schedule shows (migration 0060). */
export interface ScheduleVersionTable {
  id: number;
  /** bigint, which PostgreSQL returns as a string. */
  version: number | string;
}

/** One row a bike (0060); id 1, the first, is the one bike of installs from before. */
export interface MotorbikeTable {
  id: number;
  name: string;
  plate: Generated<string>;
  last_km: number | null;
  last_fuel: string | null;
  /** `Tempat ambil kunci` (0051); null until the admin sets it. */
  key_place: string | null;
  /** `Kontak pemilik`: the digits `wa.me` takes (0051). */
  owner_whatsapp: string | null;
  /** An inactive bike takes no new bookings; its history stays. */
  active: Generated<boolean>;
  /** The Motor tab's order: `Motor mana saja` books the first free bike in it. */
  sort_order: Generated<number>;
  /** The owner's linked chat; null: `TELEGRAM_CHAT_ID`. */
  owner_chat_id: string | null;
  /** SHA-256 (hex) of the one-time `/start {code}` the Motor tab shows, until it is used or expires. */
  owner_link_code_hash: string | null;
  owner_link_expires_at: string | null;
}

/** One per loan (unique booking_id), never deleted; `amount` is what is owed now: the admin's amount when changed, else the computed total. */
export interface ChargeTable {
  id: Generated<number>;
  booking_id: number;
  users_id: string;
  /** JSON of chargeFor's lines. */
  lines: string;
  computed_total: number;
  amount: number;
  /** Written at end + grace with no return recorded; recomputed at the return. */
  provisional: boolean;
  admin_amount: number | null;
  admin_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** The treasurer's book (0053): append-only; `cash` and `owed` are signed as src/domain/fund/ledger.ts says. */
export interface LedgerEntryTable {
  id: Generated<number>;
  /** LedgerKind (src/domain/fund/ledger.ts). */
  kind: string;
  entry_date: string;
  users_id: string | null;
  booking_id: number | null;
  cash: number;
  owed: number;
  /** `YYYY-MM` an `Iuran` pays for. */
  dues_month: string | null;
  /** The payment's method, the expense's category. */
  detail: Generated<string>;
  /** The admin's note, a charge change's or a correction's reason. */
  note: Generated<string>;
  /** A charge's JSON: the rule's lines and the recorded times that set it. */
  basis: string | null;
  corrects_id: number | null;
  created_at: string;
  /** The admin's name; empty when the app wrote it. */
  created_by: string;
}

/** `Cara bayar`: one row (id 1), replaced when the treasurer saves it. */
export interface FundHowToPayTable {
  id: number;
  treasurer: string;
  /** An account or e-wallet number, as the treasurer writes it. */
  account: string;
  /** The QRIS picture as base64 PNG, at most 512 px a side, metadata stripped on upload. */
  qris_png: string | null;
  updated_at: string;
  updated_by: string;
}

/** `Saya sudah bayar`, one per loan: `pending` until the treasurer confirms (a payment entry) or refuses it. */
export interface PaymentClaimTable {
  id: Generated<number>;
  booking_id: number;
  users_id: string;
  /** The loan's charge when pressed. */
  amount: number;
  status: 'pending' | 'confirmed' | 'refused';
  claimed_at: string;
  decided_at: string | null;
  /** The admin's name. */
  decided_by: string | null;
}

/** A phone or browser that booked: its secret (kept in its localStorage) stored as SHA-256 hex. */
export interface BorrowerDeviceTable {
  id: Generated<number>;
  secret_hash: string;
  created_at: string;
}

/** The bookings made from a device: what a chat linked to the device hears about. */
export interface BorrowerDeviceBookingTable {
  device_id: number;
  booking_id: number;
}

/** One use, one hour; only the code's SHA-256 (hex) is stored. */
export interface BorrowerLinkCodeTable {
  code_hash: string;
  device_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface BorrowerChatTable {
  chat_id: string;
  device_id: number;
  linked_at: string;
}

/** A `Tidak tersedia` period (migration 2026_11_27_0100): never deleted; ending it sets `until_*` to then and `ended_*`. */
export interface OutOfServiceTable {
  id: Generated<number>;
  /** Opaque, for the owner's buttons. */
  ref: string;
  motorbike_id: Generated<number>;
  from_date: string;
  from_time: string;
  /** Null: open-ended. */
  until_date: string | null;
  until_time: string | null;
  reason: string;
  created_at: string;
  created_by_kind: string;
  created_by_name: string | null;
  /** 'cancel' | 'keep' for the bookings inside; null while the owner has not pressed a button. */
  decision: string | null;
  ended_at: string | null;
  ended_by_kind: string | null;
  ended_by_name: string | null;
  /** When the end was taken to tell the borrowers it cancelled (claimEndedPeriods). */
  back_claimed_at: string | null;
  /** `Belum tahu` (migration 2026_11_29_0300): the date whose digest asks whether the bike is still out, and when it was asked. */
  ask_on: string | null;
  asked_at: string | null;
}

/** What a period did to a booking: 'cancelled' or 'warned'. */
export interface OutOfServiceBookingTable {
  period_id: number;
  booking_id: number;
  action: string;
  at: string;
}

/** A device's wait for a span of one date (migration 2026_11_28_0100); ended once offered, or when its date has passed. */
export interface SlotWaitTable {
  id: Generated<number>;
  device_id: number;
  users_id: string;
  borrow_date: string;
  start_time: string;
  end_time: string;
  /** The reason the booking carries when the offer is taken. */
  reason: string;
  created_at: string;
  ended_at: string | null;
  /** 'offered' | 'past' | 'unlinked' | 'ended-by-admin' */
  ended_how: string | null;
  /** The parts of the span taken when asked, `600-720,840-960`; null before 2026_11_29_0500: all of it. */
  taken: string | null;
  /** Opaque, for the admin's `Akhiri tawaran` (2026_11_29_0500). */
  ref: string | null;
  /** The bike waited for (2026_12_01_0300); ignored when `any_bike`. */
  motorbike_id: Generated<number>;
  /** `Motor mana saja` (2026_12_03_0200): offered whichever active bike frees the span first. */
  any_bike: Generated<boolean>;
}

/** A freed span offered to a wait; while not ended and before `hold_until` nobody else may book it. */
export interface SlotOfferTable {
  id: Generated<number>;
  wait_id: number;
  borrow_date: string;
  start_time: string;
  end_time: string;
  offered_at: string;
  hold_until: string;
  ended_at: string | null;
  /** 'taken' | 'skipped' | 'expired' | 'refused' */
  ended_how: string | null;
  booking_id: number | null;
  /** The bike the span is held on (2026_12_03_0200). */
  motorbike_id: Generated<number>;
}

/** A device's Web Push subscription (0058): where the push service takes its messages, and the keys they are encrypted to. */
export interface PushSubscriptionTable {
  id: Generated<number>;
  device_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

/** The VAPID keys made at first start when none are set (base64url), one row (id 1) every instance reads. */
export interface PushKeyTable {
  id: number;
  public_key: string;
  private_key: string;
  created_at: string;
}

/** A date the retention job ran (2026_12_01_0200): inserted by the one instance that runs it, `deleted` the JSON of its counts. */
export interface RetentionRunTable {
  run_date: string;
  started_at: string;
  finished_at: string | null;
  deleted: string | null;
}

/** The ledger's cash in and out of a month (2026_12_02_0400), kept by `appendLedgerEntry`; bigints, strings from PostgreSQL. */
export interface LedgerMonthTable {
  month: string;
  cash_in: number | string;
  cash_out: number | string;
}

/** A member's sum of `owed`, and of what their entries other than a loan's charges took off it (what settles their charges). */
export interface LedgerMemberTable {
  users_id: string;
  owed: number | string;
  paid: number | string;
}

/** A charged loan: its first non-zero charge entry (its place in the oldest-first order), its amount, and its member's amounts through it. */
export interface LedgerLoanTable {
  booking_id: number;
  users_id: string;
  first_date: string;
  first_id: number;
  amount: number | string;
  charged_through: number | string;
}
