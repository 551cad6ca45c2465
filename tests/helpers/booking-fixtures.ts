import type { Db } from '../../src/db/database';
import { requestJson } from './test-app';

/** The instant `time` (HH:MM) of `date` in Jakarta. */
export function jakartaInstant(date: string, time: string): Date {
  return new Date(`${date}T${time}:00+07:00`);
}

export async function addVoucher(db: Db, code: string, isUsed = false): Promise<void> {
  await db.kysely.insertInto('vouchers').values({ code, is_used: isUsed, created_at: null, created_by: null }).execute();
}

export async function isVoucherUsed(db: Db, code: string): Promise<boolean> {
  const row = await db.kysely.selectFrom('vouchers').select('is_used').where('code', '=', code).executeTakeFirstOrThrow();
  return Boolean(row.is_used);
}

export interface BookingBody {
  name: string;
  date: string;
  start: string;
  end: string;
  reason: string;
  needStnk: '' | 'ya' | 'tidak';
}

export function bookingBody(overrides: Partial<BookingBody> = {}): BookingBody {
  return { name: 'Budi Santoso', date: '2026-11-23', start: '08:00', end: '10:00', reason: 'Ke kampus', needStnk: '', ...overrides };
}

export function postBooking(baseUrl: string, body: unknown) {
  return requestJson(baseUrl, '/api/bookings', { method: 'POST', body });
}

export function listBookings(baseUrl: string, date: string) {
  return requestJson(baseUrl, `/api/bookings?date=${date}`);
}

export async function countRows(db: Db, table: 'borrow_request' | 'outbox'): Promise<number> {
  const row = await db.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
