import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/database';
import { type BuildOptions, buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { createTestDatabase, type TestDatabase } from './test-db';

export interface TestApp {
  app: FastifyInstance;
  /** http://127.0.0.1:PORT of the listening server. */
  baseUrl: string;
  db: Db;
  database: TestDatabase;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** The instant the server takes as now; a fixed one pins "today". */
  now?: () => Date;
  config?: Partial<Config>;
  /** Share a database with another test app (two instances on one database). */
  database?: TestDatabase;
  /** Passed to buildApp (a logger to read, shorter notifier timings). */
  buildOptions?: BuildOptions;
  /** Opens the database another way (a barrier, a lost commit); the default is `database.open()`. */
  openDb?: (database: TestDatabase) => Db;
}

export function testConfig(database: TestDatabase, overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    database: database.location,
    timeZone: 'Asia/Jakarta',
    telegram: undefined,
    telegramBot: { digestTime: undefined, reminderMinutes: 0, webhookUrl: undefined, pollTimeoutSeconds: 1, pollerLeaseSeconds: 45 },
    sessionSecret: 'test-secret-that-is-at-least-32-characters-long',
    seedDemo: false,
    production: false,
    trustProxy: 0,
    clockFile: undefined,
    benchCeilingDir: undefined,
    bookingHorizonDays: 90,
    bookingLimitPerHour: 0,
    voucherGuessLimitPerHour: 10,
    bookingQueueLimit: 1000,
    backupTime: undefined,
    backupKeep: 14,
    accessLog: false,
    returnGraceMinutes: 10,
    noShowMinutes: 30,
    borrowerReminderMinutes: 60,
    ...overrides,
  };
}

/** The real app on a fresh database, listening on a free loopback port, for tests over real HTTP. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const db = options.openDb ? options.openDb(database) : database.open();
  const config = testConfig(database, options.config);
  const app = await buildApp({ config, db, now: options.now ?? (() => new Date()) }, options.buildOptions);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the test app is not listening on TCP');
  return {
    app,
    baseUrl: `http://127.0.0.1:${address.port}`,
    db,
    database,
    close: async () => {
      await app.close();
      if (!options.database) await database.drop();
    },
  };
}

export type JsonReply = { status: number; body: any; headers: Headers }; // any: each test asserts the shape it expects of the body

/** A JSON request over real HTTP; the body is parsed when the reply is JSON. */
export async function requestJson(
  baseUrl: string,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<JsonReply> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('application/json');
  return { status: response.status, body: isJson && text !== '' ? JSON.parse(text) : text, headers: response.headers };
}
