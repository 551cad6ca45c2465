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

export const STORAGE_RETRY_AFTER_SECONDS = 5;

interface Outage {
  fault: StorageFault;
  since: number;
  refused: number;
  log: FastifyBaseLogger;
}

/**
 * An outage of this process's storage, until a write (or, for a database that was away, a health
 * check) succeeds: one log line when it begins, with its cause, one when it ends, with its count.
 */
export class StorageHealth {
  #outage: Outage | undefined;

  get degraded(): FaultReason | undefined {
    return this.#outage?.fault.reason;
  }

  report(fault: StorageFault, error: unknown, log: FastifyBaseLogger, now = Date.now()): void {
    if (this.#outage) {
      this.#outage.refused += 1;
      return;
    }
    this.#outage = { fault, since: now, refused: 1, log };
    const message = error instanceof Error ? error.message : String(error);
    log.error(
      { code: fault.code, reason: fault.reason },
      `database fault ${fault.code}: ${message} (an outage began; one line when it ends)`,
    );
  }

  recovered(now = Date.now()): void {
    const outage = this.#outage;
    if (!outage) return;
    this.#outage = undefined;
    const { fault, since, refused } = outage;
    const durationMs = now - since;
    outage.log.warn(
      { code: fault.code, reason: fault.reason, durationMs, refused },
      `the ${fault.reason} outage (${fault.code}) ended after ${(durationMs / 1000).toFixed(1)} s: ${refused} request(s) refused or degraded`,
    );
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
