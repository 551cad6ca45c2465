import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';

/** `storage`: the disk refused (full, read-only, I/O); `database`: PostgreSQL could not be reached or timed out. */
export type FaultReason = 'storage' | 'database';

export interface StorageFault {
  code: string;
  reason: FaultReason;
}

const SQLITE_STORAGE = /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN)/;
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);
// Connection exceptions (08), shutdowns (57P0x), too many connections, and the session timeouts we set.
const POSTGRES_CODES = /^(08...|57P0[1-3]|53300|55P03|57014|25P03)$/;
const POOL_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/;

/** The fault behind `error` (or its causes) that means the database is away or its disk refuses, else undefined. */
export function findStorageFault(error: unknown): StorageFault | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      const sqlite = SQLITE_STORAGE.exec(code);
      if (sqlite) return { code: `SQLITE_${sqlite[1]}`, reason: 'storage' };
      if (NETWORK_CODES.has(code) || POSTGRES_CODES.test(code)) return { code, reason: 'database' };
    }
    if (POOL_MESSAGES.test(current.message)) return { code: 'CONNECTION_LOST', reason: 'database' };
  }
  return undefined;
}

const LOG_EVERY_MS = 60_000;

export const STORAGE_RETRY_AFTER_SECONDS = 5;

/**
 * Whether this process's last write failed on storage, until a write succeeds again, and a log
 * that names each kind of fault once a minute with a count instead of a stack per request.
 */
export class StorageHealth {
  degraded: FaultReason | undefined;
  readonly #logged = new Map<string, { at: number; since: number }>();

  report(fault: StorageFault, error: unknown, log: FastifyBaseLogger, now = Date.now()): void {
    this.degraded = fault.reason;
    const kept = this.#logged.get(fault.code);
    if (kept && now - kept.at < LOG_EVERY_MS) {
      kept.since += 1;
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    log.error({ code: fault.code, times: (kept?.since ?? 0) + 1 }, `database fault ${fault.code}: ${message}`);
    this.#logged.set(fault.code, { at: now, since: 0 });
  }

  recovered(): void {
    this.degraded = undefined;
  }
}

const healths = new WeakMap<Db, StorageHealth>();

export function storageHealthOf(db: Db): StorageHealth {
  let health = healths.get(db);
  if (!health) {
    health = new StorageHealth();
    healths.set(db, health);
  }
  return health;
}
