import pg from 'pg';

/** What a listener tells as its connection comes and goes. */
export interface ListenerEvents {
  /** LISTEN is in effect on a new connection: every notice committed from now on arrives. */
  listening(): void;
  notice(payload: string): void;
  /** The connection is gone: notices committed from now on are missed until `listening` again. */
  lost(error: Error): void;
}

export interface ListenerTimings {
  /** Before reconnecting after the n-th failure in a row (0 for the first). */
  retryDelayMs(failures: number): number;
  /** How often the connection is asked whether it is alive; a silent one is taken for lost. */
  heartbeatMs: number;
}

const DEFAULT_TIMINGS: ListenerTimings = {
  retryDelayMs: (failures) => Math.min(100 * 2 ** failures, 10_000),
  heartbeatMs: 15_000,
};

/**
 * PostgreSQL's notices on one channel, through a connection of their own (a pooled one cannot
 * hold a LISTEN), reopened for as long as the listener is not closed. Written here rather than
 * taken from pg-listen: what the schedule needs is to know at once, in the same turn, when a
 * notice may have been missed (`lost`) and when LISTEN is really in effect again (`listening`),
 * and pg-listen reports its first connection before the LISTEN and a loss only once it starts
 * reconnecting (docs/decisions/0032).
 */
export class PgListener {
  readonly #url: string;
  readonly #channel: string;
  readonly #events: ListenerEvents;
  readonly #timings: ListenerTimings;
  #client: pg.Client | undefined;
  #retry: NodeJS.Timeout | undefined;
  #failures = 0;
  #closed = false;

  constructor(url: string, channel: string, events: ListenerEvents, timings: Partial<ListenerTimings> = {}) {
    // LISTEN takes an identifier, which cannot be a bound parameter.
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
    this.#url = url;
    this.#channel = channel;
    this.#events = events;
    this.#timings = { ...DEFAULT_TIMINGS, ...timings };
    this.#connect();
  }

  #connect(): void {
    this.#retry = undefined;
    const client = new pg.Client({ connectionString: this.#url, keepAlive: true, application_name: `pinjam-motor ${this.#channel}` });
    // Held from the start, so that closing also ends a connection still being opened.
    this.#client = client;
    let heartbeat: NodeJS.Timeout | undefined;
    let gone = false;
    const lose = (error: Error) => {
      if (gone) return;
      gone = true;
      clearInterval(heartbeat);
      if (this.#client === client) this.#client = undefined;
      client.end().catch(() => {});
      if (this.#closed) return;
      this.#events.lost(error);
      this.#retry = setTimeout(() => this.#connect(), this.#timings.retryDelayMs(this.#failures++));
      this.#retry.unref();
    };
    client.on('error', lose);
    client.on('end', () => lose(new Error('the listening connection ended')));
    client.on('notification', (notice) => {
      if (!gone && notice.channel === this.#channel) this.#events.notice(notice.payload ?? '');
    });
    client
      .connect()
      .then(() => client.query(`listen ${this.#channel}`))
      .then(() => {
        if (gone || this.#closed) return;
        this.#failures = 0;
        this.#events.listening();
        heartbeat = setInterval(() => {
          const silent = setTimeout(() => lose(new Error('the listening connection stopped answering')), this.#timings.heartbeatMs);
          silent.unref();
          client.query('select 1').then(
            () => clearTimeout(silent),
            (error: Error) => {
              clearTimeout(silent);
              lose(error);
            },
          );
        }, this.#timings.heartbeatMs);
        heartbeat.unref();
      })
      .catch((error: Error) => lose(error));
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    await this.#client?.end().catch(() => {});
  }
}
