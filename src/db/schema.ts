import type { Generated } from 'kysely';

/**
 * Row types. The spec's tables keep their names and columns so the original app's data fits;
 * dates are 'YYYY-MM-DD' text, times 'HH:MM' text and instants ISO-8601 UTC text on both engines.
 */
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
}

export interface UsersTable {
  /** Also the admin's login code. */
  id: string;
  name: string;
  /** nameKey(name): what names are matched and kept unique by. */
  name_key: string;
  class: string;
  role: string | null;
  /** False for a deactivated member: gone from the type-ahead, cannot book or sign in; their history stays. */
  active: Generated<boolean>;
  /** Opaque name of the member for admin answers; never the id (an admin's id is their login code). */
  ref: string | null;
}

export interface BorrowRequestTable {
  id: Generated<number>;
  users_id: string;
  borrow_date: string;
  start_time: string;
  end_time: string;
  reason: string;
  need_stnk: boolean;
  /** The date the loan ends: the next day for an overnight voucher loan; null (rows imported from the original app) means borrow_date. */
  end_date: string | null;
  voucher_code: string | null;
  created_at: string | null;
  /** Opaque name of the booking for admin answers and Telegram buttons; never an id. */
  ref: string | null;
  /** Set once, when the booking is cancelled; a cancelled booking holds no slot and no hours. */
  cancelled_at: string | null;
  /** 'admin', 'borrower' or 'owner' (through Telegram); see domain/cancellation.ts. */
  cancelled_by_kind: string | null;
  /** The admin who cancelled, when an admin did. */
  cancelled_by_user_id: string | null;
  cancel_reason: string | null;
  /** SHA-256 (hex) of the borrower's cancel secret; the secret itself is never stored. Null for bookings made before it existed. */
  cancel_token_hash: string | null;
}

export interface VouchersTable {
  code: string;
  is_used: boolean;
  created_at: string | null;
  created_by: string | null;
  /** Who the voucher is for, as the admin wrote it. */
  note: string | null;
  /** Set when an admin revoked the unused voucher; it is then also marked used, so every path refuses it. */
  revoked_at: string | null;
  revoked_by: string | null;
}

export interface AdminSessionsTable {
  /** SHA-256 of the cookie's token, so a database dump does not hand out sessions. */
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
  /** A worker that claimed the row owns it until then. */
  locked_until: string | null;
  sent_at: string | null;
  given_up_at: string | null;
  last_error: string | null;
  /** One row per key, whichever instance inserts it: 'booking:{ref}', 'digest:{date}', 'reminder:{ref}', 'update:{update_id}'. */
  dedupe_key: string | null;
  /** Where Telegram put a sent booking notice, so a later edit can find it. */
  sent_chat_id: string | null;
  sent_message_id: number | null;
}

/** One row ('bot'): the poller lease, the last handled update and the webhook secret, shared by every instance. */
export interface TelegramBotTable {
  id: string;
  poller_holder: string | null;
  /** ISO instant; another instance may take the lease from then on. */
  poller_lease_until: string | null;
  last_update_id: number | null;
  webhook_secret: string | null;
}

/** Append-only: nothing updates or deletes a row. */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  /** The admin who acted; null for a refused sign-in, whose typed name is `actor_name`. */
  actor_user_id: string | null;
  actor_name: string;
  /** One of the audit actions in domain/audit.ts. */
  action: string;
  /** What the action was about, as a reader names it (a voucher code, a member's name, a booking). */
  target: string | null;
  detail: string | null;
}

/** The answer a booking request got, kept 24 hours so a retry with the same key gets it again. */
export interface IdempotencyKeysTable {
  key: string;
  /** SHA-256 of the request's parsed body: the same key with another body is refused. */
  request_hash: string;
  status: number;
  /** The answer's JSON body. */
  body: string;
  created_at: string;
  expires_at: string;
}

/** One thing a client address did ('booking', 'voucher-guess'), counted by the per-address limits. */
export interface AddressEventsTable {
  id: Generated<number>;
  kind: string;
  ip: string;
  at: string;
}

/** A lookup of a borrower's cancel secret, counted per address against guessing. */
export interface CancelTokenAttemptsTable {
  id: Generated<number>;
  ip: string;
  succeeded: boolean;
  attempted_at: string;
}

/** One row (id 1): raised by triggers on every write to what the schedule shows (migration 0060). */
export interface ScheduleVersionTable {
  id: number;
  /** bigint: PostgreSQL returns it as a string. */
  version: number | string;
}
