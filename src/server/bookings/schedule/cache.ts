import { createHash } from 'node:crypto';

/** A schedule answer as sent: its JSON text and the validator a browser revalidates it with. */
export interface CachedAnswer {
  body: string;
  etag: string;
}

/** Enough for every date and week anyone looks at; past it the cache starts afresh. */
const MAX_ENTRIES = 2000;

/**
 * Schedule answers (a date's or a week's bookings) kept in memory. Every write to what they show
 * raises a counter in the database in its own transaction (migration 0060). Each request learns
 * the counter first, as of a moment after the request arrived, and uses what is kept only while
 * the counter is unchanged. The requests of one turn of the event loop share one counter read,
 * so under load one cheap query serves many requests (docs/decisions/0025). On SQLite, and on
 * PostgreSQL while its notices cannot be trusted, that read makes a write committed anywhere
 * (this instance, another one, the roster command) before a request arrives seen by that request.
 * On PostgreSQL the counter is otherwise followed by notices: this instance's own writes still
 * show at the next request, and a write made elsewhere shows once its notice has arrived
 * (docs/decisions/0032).
 */
export class ScheduleCache {
  readonly #readVersion: () => Promise<string>;
  readonly #entries = new Map<string, Promise<CachedAnswer>>();
  #version: string | undefined;
  /** The read that begins once this turn's I/O is handled: every request arriving until then shares it. */
  #next: Promise<string> | undefined;

  constructor(readVersion: () => Promise<string>) {
    this.#readVersion = readVersion;
  }

  /**
   * The answer kept under `key` while nothing changed; else `compute`'s, kept for the next
   * request. Requests that miss together share one computation.
   */
  answer(key: string, compute: () => Promise<unknown>): Promise<CachedAnswer> {
    return this.#versionReadAfterNow().then((version) => {
      if (version !== this.#version) {
        this.#entries.clear();
        this.#version = version;
      }
      const kept = this.#entries.get(key);
      if (kept) return kept;
      // Begun after reading `version`, so at least that fresh; a newer version clears it with the rest.
      const answer = compute().then((value) => {
        const body = JSON.stringify(value);
        return { body, etag: etagOf(body) };
      });
      if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
      this.#entries.set(key, answer);
      // A refused query (bad input) or a failed read is not kept: the next request tries again.
      answer.catch(() => {
        if (this.#entries.get(key) === answer) this.#entries.delete(key);
      });
      return answer;
    });
  }

  /**
   * A read of the counter that begins after this call (or, following notices, the counter as
   * the notices handled by then tell it). It begins in the event loop's check phase
   * (setImmediate), after the I/O of this turn, notices included: the requests the server parsed
   * in one turn all share it, where a read per request cost a quarter of a cached answer's time. It
   * does not wait for a read under way (which may have begun before a write this request must
   * see): on PostgreSQL the reads of successive turns overlap instead of queueing behind one
   * round trip each. Reads may end out of order; `answer` stays exact, since whatever it keeps
   * under a version was computed after a read of that version.
   */
  #versionReadAfterNow(): Promise<string> {
    this.#next ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      // From here on an arriving request may come after the read has begun: it takes the next one.
      this.#next = undefined;
      return this.#readVersion();
    });
    return this.#next;
  }
}

/** A weak validator: the same bookings give the same tag, whichever instance answers and however it is compressed. */
function etagOf(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}
