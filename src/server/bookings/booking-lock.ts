import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Executor } from '../../db/executor';
import { storageHealthOf } from '../health/storage-health';

// 'book' in ASCII: any constant works, as long as every instance on the database uses the same one.
const BOOKING_LOCK_KEY = 0x626f6f6b;

/**
 * Runs `fn` in a transaction no other booking transaction runs beside, on any instance (on SQLite by BEGIN IMMEDIATE's write lock). Every
 * writer of bookings goes through here, so no two can book the same hour. A commit here ends a storage fault (/healthz).
 */
export async function withBookingLock<T>(db: Db, fn: (trx: Executor) => Promise<T>): Promise<T> {
  let transaction = db.kysely.transaction();
  // Only READ COMMITTED lets a statement after the lock see what the lock's previous holder
  // committed; under REPEATABLE READ (a server default some set) the snapshot would be older.
  if (db.engine === 'postgres') transaction = transaction.setIsolationLevel('read committed');
  const result = await transaction.execute(async (trx) => {
    if (db.engine === 'postgres') await sql`select pg_advisory_xact_lock(${BOOKING_LOCK_KEY}::bigint)`.execute(trx);
    return fn(trx);
  });
  storageHealthOf(db).recovered();
  return result;
}
