import type { CompiledQuery } from 'kysely';
import type pg from 'pg';
import type { Db } from '../../../db/database';
import type { Executor } from '../../../db/executor';
import type { ListenerEvents } from '../../../db/listener';

type VersionRow = { version: number | string };

// Read on every schedule request: compiled once per dialect, like the day query.
const compiledVersionQueries = new WeakMap<object, CompiledQuery<VersionRow>>();

/** The counter the triggers of migration 0060 raise on every write to what the schedule shows. */
export async function readScheduleVersion(db: Executor): Promise<string> {
  const adapter = db.getExecutor().adapter;
  let compiled = compiledVersionQueries.get(adapter);
  if (!compiled) {
    compiled = db.selectFrom('schedule_version').select('version').where('id', '=', 1).compile();
    compiledVersionQueries.set(adapter, compiled);
  }
  return versionOf((await db.executeQuery(compiled)).rows);
}

/** The same read, as SQL for the drivers read directly below. */
const VERSION_SQL = 'select version from schedule_version where id = 1';

function versionOf(rows: readonly VersionRow[]): string {
  const [row] = rows;
  if (!row) throw new Error('schedule_version has no row: migration 0060 did not run');
  return String(row.version);
}

/** The channel on which migration 0080's triggers announce each raised counter. */
export const SCHEDULE_VERSION_CHANNEL = 'schedule_version';

/** Where the schedule cache gets the counter from, for the requests that arrived in one turn of the event loop. */
export interface ScheduleVersionSource {
  current(): Promise<string>;
  /** The counter as the notices last told it, while they are followed (PostgreSQL, listening); else it is read. */
  readonly noticed?: bigint;
}

/**
 * How the schedule cache learns the counter. On SQLite the statement runs on the file's handle
 * directly: through Kysely it cost ten times the read itself, on every request. While Kysely
 * holds a transaction open on that one connection, a direct read would see the transaction's
 * raised counter before it commits, or even if it rolls back; then the read goes through Kysely,
 * which waits for the transaction to end. On PostgreSQL the counter comes from the notices of
 * migration 0080 while they are sure to arrive, and from a read otherwise.
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
    // A write through this instance has committed before its connection is back in the pool, and
    // before its writer is answered: the next turn reads once instead of waiting for the notice.
    // The counter's own read is no write; pg-pool emits 'release' inside release(), so it is known.
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
 * The counter as PostgreSQL's notices tell it: no round trip per turn, where the read cost a
 * tenth of the app's time under load and the database's share of the same cores. The cache
 * answers in the check phase of the turn, after all the I/O that turn handled, so a notice that
 * reached this process before a request did is applied before the request is answered. Another
 * process's write shows from the first request after its notice arrives; this instance's own
 * writes show at once, by one read after its connection came back (docs/decisions/0032).
 * Notices are trusted only from a read begun after LISTEN took effect until the connection is
 * lost; in between, and whenever it is down, each turn reads the counter as before.
 */
export class NoticedScheduleVersion implements ScheduleVersionSource, ListenerEvents {
  readonly #read: () => Promise<string>;
  /** The counter as of the last notice, while notices are followed. */
  #known: bigint | undefined;
  /** The highest counter heard since LISTEN took effect, before a read made it trusted. */
  #heard: bigint | undefined;
  /** Moves on every loss and every new LISTEN: a read begun under an older one proves nothing. */
  #epoch = 0;
  #listening = false;
  /** How many times this instance's own connections came back from a statement, perhaps a write. */
  #usedHere = 0;
  /** How many of those the last read began after. */
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

  /**
   * A connection of this instance came back from a statement: if it wrote, its writer is about to
   * be answered, and whoever asks next must see the write, with or without its notice.
   */
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
