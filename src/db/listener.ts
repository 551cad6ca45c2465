import type pg from 'pg';
import { postgresDriver } from './postgres-driver';

export interface ListenerEvents {
  /** LISTEN is in effect on a new connection: every notice committed from now on arrives. */
  listening(): void;
  notice(payload: string): void;
  /** The connection is gone: notices committed from now on are missed until `listening` again. */
  lost(error: Error): void;
}

export interface ListenerTimings {
  retryDelayMs(failures: number): number;
  heartbeatMs: number;
}

const DEFAULT_TIMINGS: ListenerTimings = {
  retryDelayMs: (failures) => Math.min(100 * 2 ** failures, 10_000),
  heartbeatMs: 15_000,
};

// A connection of its own, as a pooled one cannot hold a LISTEN. Not pg-listen: it reports a
// connection before the LISTEN is in effect and a loss late (docs/decisions/0032).
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
    const client = new (postgresDriver().Client)({
      connectionString: this.#url,
      keepAlive: true,
      application_name: `pinjam-motor ${this.#channel}`,
    });
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
