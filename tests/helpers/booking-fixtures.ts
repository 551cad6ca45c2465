import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/db/database';
import { insertUsers } from '../../src/server/roster/repository';
import { requestJson } from './test-app';
import { createTestDatabase, type TestDatabase } from './test-db';

/** The instant `time` (HH:MM) of `date` in Jakarta. */
export function jakartaInstant(date: string, time: string): Date {
  return new Date(`${date}T${time}:00+07:00`);
}

export interface Student {
  name: string;
  class: string;
}

/** Adds roster users straight into the database, as the roster command would; returns their ids by name. */
export async function addStudents(db: Db, students: Student[]): Promise<Map<string, string>> {
  const rows = students.map((student) => ({ id: randomBytes(6).toString('hex'), name: student.name, class: student.class, role: null }));
  await insertUsers(db.kysely, rows);
  return new Map(rows.map((row) => [row.name, row.id]));
}

/** `count` students of `className`, named `prefix 1` … `prefix count`. */
export function manyStudents(prefix: string, count: number, className = 'PPTI 21'): Student[] {
  return Array.from({ length: count }, (_, index) => ({ name: `${prefix} ${index + 1}`, class: className }));
}

/** A fresh test database of the run's engine holding `students`. */
export async function testDatabaseWithStudents(students: Student[]): Promise<TestDatabase> {
  const database = await createTestDatabase();
  const setup = database.open();
  try {
    await addStudents(setup, students);
  } finally {
    await setup.close();
  }
  return database;
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
