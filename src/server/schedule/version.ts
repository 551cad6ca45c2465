import type pg from 'pg';
import { compiledQuery } from '../../db/compiled-query';
import type { Db } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { ListenerEvents } from '../../db/listener';

type VersionRow = { version: number | string };

// Read on every schedule request.
const versionQuery = compiledQuery((db) => db.selectFrom('schedule_version').select('version').where('id', '=', 1));

export async function readScheduleVersion(db: Executor): Promise<string> {
  return versionOf((await versionQuery(db, {})).rows);
}

const VERSION_SQL = 'select version from schedule_version where id = 1';

function versionOf(rows: readonly VersionRow[]): string {
  const [row] = rows;
  if (!row) throw new Error('schedule_version has no row: migration 0060 did not run');
  return String(row.version);
}

export const SCHEDULE_VERSION_CHANNEL = 'schedule_version';

export interface ScheduleVersionSource {
  current(): Promise<string>;
  /** Set while PostgreSQL's notices are followed. */
  readonly noticed?: bigint;
}

/**
 * SQLite reads on the file's handle directly (through Kysely it cost ten times the read), except
 * while Kysely holds a transaction open, whose uncommitted raise it would see. PostgreSQL follows
 * the notices of migration 0080 while they are sure to arrive, and reads otherwise.
 */
export function scheduleVersionSource(db: Db): ScheduleVersionSource {
  const { sqlite, pool } = db;
  if (pool) {
    // Named, so each connection plans it once.
    const query = { name: 'schedule_version', text: VERSION_SQL };
    if (!db.listen) return { current: async () => versionOf((await pool.query<VersionRow>(query)).rows) };
    let ownRelease: pg.PoolClient | undefined;
    const read = async () => {
      const client = await pool.connect();
      const release = (error?: Error) => {
        ownRelease = client;
        client.release(error);
      };
      const result = await client.query<VersionRow>(query).catch((error: Error) => {
        release(error);
        throw error;
      });
      release();
      return versionOf(result.rows);
    };
    const noticed = new NoticedScheduleVersion(read);
    // A write here has committed before its connection is back in the pool and its writer answered:
    // the next turn reads instead of waiting for the notice. pg-pool emits 'release' inside release().
    pool.on('release', (_error, client) => {
      if (client === ownRelease) ownRelease = undefined;
      else noticed.usedHere();
    });
    db.listen(SCHEDULE_VERSION_CHANNEL, noticed);
    return noticed;
  }
  if (!sqlite) return { current: () => readScheduleVersion(db.kysely) };
  const statement = sqlite.prepare(VERSION_SQL);
  return {
    current: async () => {
      if (sqlite.inTransaction) return readScheduleVersion(db.kysely);
      return versionOf(statement.all([]) as VersionRow[]);
    },
  };
}

/**
 * Saves the per-turn read, a tenth of the app's time under load. Notices are trusted only from a read begun after LISTEN took effect until
 * the connection is lost; meanwhile each turn reads (docs/decisions/0032).
 */
export class NoticedScheduleVersion implements ScheduleVersionSource, ListenerEvents {
  readonly #read: () => Promise<string>;
  #known: bigint | undefined;
  /** Heard since LISTEN took effect, before a read made notices trusted. */
  #heard: bigint | undefined;
  /** Moves on every loss and every new LISTEN: a read begun under an older one proves nothing. */
  #epoch = 0;
  #listening = false;
  #usedHere = 0;
  #readAfter = 0;

  constructor(read: () => Promise<string>) {
    this.#read = read;
  }

  get followsNotices(): boolean {
    return this.#known !== undefined;
  }

  get noticed(): bigint | undefined {
    return this.#known;
  }

  current(): Promise<string> {
    if (this.#known !== undefined && this.#readAfter === this.#usedHere) return Promise.resolve(String(this.#known));
    const epoch = this.#epoch;
    const listening = this.#listening;
    const usedHere = this.#usedHere;
    return this.#read().then((version) => {
      this.#readAfter = Math.max(this.#readAfter, usedHere);
      if (epoch !== this.#epoch) return version;
      // Our own write's notice may still be on its way; the read already holds it.
      if (this.#known !== undefined) this.#known = maxOf(BigInt(version), this.#known);
      // Begun after LISTEN took effect: every later commit comes as a notice, every earlier one is in `version`.
      else if (listening) this.#known = maxOf(BigInt(version), this.#heard);
      return version;
    });
  }

  /** A connection came back from a statement, perhaps a write, which whoever asks next must see. */
  usedHere(): void {
    this.#usedHere++;
  }

  listening(): void {
    this.#distrust();
    this.#listening = true;
  }

  notice(payload: string): void {
    // Not a counter: something changed, but not to what. The next turn reads and trusts again.
    if (!/^\d+$/.test(payload)) {
      this.#distrust();
      return;
    }
    const version = BigInt(payload);
    if (this.#known !== undefined) this.#known = maxOf(version, this.#known);
    else if (this.#listening) this.#heard = maxOf(version, this.#heard);
  }

  lost(): void {
    this.#distrust();
    this.#listening = false;
  }

  #distrust(): void {
    this.#epoch++;
    this.#known = undefined;
    this.#heard = undefined;
  }
}

function maxOf(a: bigint, b: bigint | undefined): bigint {
  return b !== undefined && b > a ? b : a;
}
