import { createHash } from 'node:crypto';

/** A schedule answer as sent: its JSON text and the validator a browser revalidates it with. */
export interface CachedAnswer {
  body: string;
  etag: string;
}

/** Enough for every date and week anyone looks at; past it the cache starts afresh. */
const MAX_ENTRIES = 2000;

/**
 * Schedule answers (a date's or a week's bookings) kept in memory and never stale. Every write
 * to what they show raises a counter in the database in its own transaction (migration 0060).
 * Each request reads the counter first, in a read that began after the request arrived, and
 * uses what is kept only while the counter is unchanged. So a write committed anywhere (this
 * instance, another one, the roster command) before a request arrives is seen by that request:
 * there is no window in which a notice is on its way. Concurrent requests share one counter
 * read, so under load one cheap query serves many requests (docs/decisions/0025).
 */
export class ScheduleCache {
  readonly #readVersion: () => Promise<string>;
  readonly #entries = new Map<string, CachedAnswer>();
  #version: string | undefined;
  #running: Promise<string> | undefined;
  #queued: Promise<string> | undefined;

  constructor(readVersion: () => Promise<string>) {
    this.#readVersion = readVersion;
  }

  /** The answer kept under `key` while nothing changed; else `compute`'s, kept for the next request. */
  async answer(key: string, compute: () => Promise<unknown>): Promise<CachedAnswer> {
    const version = await this.#versionReadAfterNow();
    if (version !== this.#version) {
      this.#entries.clear();
      this.#version = version;
    }
    const kept = this.#entries.get(key);
    if (kept) return kept;
    const body = JSON.stringify(await compute());
    const answer = { body, etag: etagOf(body) };
    // Computed after reading `version`, so it is at least that fresh; a newer version read in
    // the meantime means it may be older than that one, and it is not kept.
    if (this.#version === version) {
      if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
      this.#entries.set(key, answer);
    }
    return answer;
  }

  /**
   * A read of the counter that starts after this call: a read already under way may have begun
   * before a write this request must see, so the caller waits for the next one, which every
   * request arriving meanwhile shares.
   */
  #versionReadAfterNow(): Promise<string> {
    if (!this.#running) return this.#startRead();
    this.#queued ??= this.#running.then(
      () => this.#startRead(),
      () => this.#startRead(),
    );
    return this.#queued;
  }

  #startRead(): Promise<string> {
    this.#queued = undefined;
    const read = this.#readVersion().finally(() => {
      if (this.#running === read) this.#running = undefined;
    });
    this.#running = read;
    return read;
  }
}

/** A weak validator: the same bookings give the same tag, whichever instance answers and however it is compressed. */
function etagOf(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

/** Whether an If-None-Match header names `etag` (compared weakly, as RFC 9110 says for If-None-Match). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => opaque(tag) === wanted);
}
