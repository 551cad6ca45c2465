import { createHash } from 'node:crypto';

export interface CachedAnswer {
  body: string;
  etag: string;
}

const MAX_ENTRIES = 2000;

/**
 * Answers are kept while the schedule counter (migration 0060), read after the request arrived,
 * is unchanged; the requests of one turn share one read (docs/decisions/0025). While PostgreSQL's
 * notices are followed, a write made on another instance shows once its notice arrives (0032).
 */
export class ScheduleCache {
  readonly #readVersion: () => Promise<string>;
  readonly #entries = new Map<string, Promise<CachedAnswer>>();
  readonly #computed = new Map<string, CachedAnswer>();
  #version: string | undefined;
  #next: Promise<string> | undefined;

  constructor(readVersion: () => Promise<string>) {
    this.#readVersion = readVersion;
  }

  /** Requests that miss together share one computation. */
  answer(key: string, compute: () => Promise<unknown>): Promise<CachedAnswer> {
    return this.readAfterNow().then((version) => {
      this.#adopt(version);
      const kept = this.#entries.get(key);
      if (kept) return kept;
      // Begun after reading `version`, so at least that fresh; a newer version clears it with the rest.
      const answer = compute().then((value) => {
        const body = JSON.stringify(value);
        const computed = { body, etag: etagOf(body) };
        if (this.#entries.get(key) === answer) this.#computed.set(key, computed);
        return computed;
      });
      if (this.#entries.size >= MAX_ENTRIES) this.#clear();
      this.#entries.set(key, answer);
      // A refused query (bad input) or a failed read is not kept: the next request tries again.
      answer.catch(() => {
        if (this.#entries.get(key) === answer) this.#entries.delete(key);
      });
      return answer;
    });
  }

  mayKeep(key: string): boolean {
    return this.#computed.has(key);
  }

  /** The answer kept for `key` under `version`, a read begun after its asker arrived, as `answer` would give it without computing. */
  keptAt(version: string, key: string): CachedAnswer | undefined {
    this.#adopt(version);
    return this.#computed.get(key);
  }

  // Begins after this turn's I/O, notices included, so the requests of one turn share it. It never
  // waits for a read under way, which may predate a write this request must see; reads may end out
  // of order, and `answer` stays exact: what it keeps under a version was computed after reading it.
  // The same promise until the read begins: who holds it arrived before the read.
  readAfterNow(): Promise<string> {
    this.#next ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      // From here on an arriving request may come after the read has begun: it takes the next one.
      this.#next = undefined;
      return this.#readVersion();
    });
    return this.#next;
  }

  #adopt(version: string): void {
    if (version === this.#version) return;
    this.#clear();
    this.#version = version;
  }

  #clear(): void {
    this.#entries.clear();
    this.#computed.clear();
  }
}

/** A weak validator: the same bookings give the same tag, whichever instance answers and however it is compressed. */
function etagOf(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}
