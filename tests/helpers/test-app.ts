import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/database';
import { type BuildOptions, buildApp } from '../../src/server/app';
import type { Config, TelegramBotConfig, TelegramConfig } from '../../src/server/config';
import { DEFAULT_NOTIFIER_OPTIONS, type NotifierOptions } from '../../src/server/telegram/outbox/worker';
import { createTestDatabase, type TestDatabase } from './test-db';

export interface TestApp {
  app: FastifyInstance;
  /** http://127.0.0.1:PORT of the listening server. */
  baseUrl: string;
  db: Db;
  database: TestDatabase;
  /** The app's log lines from info up, unless `buildOptions.logger` sends them elsewhere. */
  logs: string[];
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** The instant the server takes as now; a fixed one pins "today". */
  now?: () => Date;
  config?: Partial<Config>;
  /** Share a database with another test app (two instances on one database). */
  database?: TestDatabase;
  /** Opens the database another way (a barrier, a lost commit); the default is `database.open()`. */
  openDb?: (database: TestDatabase) => Db;
  /** Passed to buildApp over what the options below make of it (a logger of its own, shorter rounds). */
  buildOptions?: BuildOptions;
  /** The Bot API the app sends to (a fake's `telegram`): the outbox runs as TEST_NOTIFIER, `notifier` over it. */
  telegram?: TelegramConfig;
  notifier?: Partial<NotifierOptions>;
  /** The owner's bot and the borrowers' rounds as tests run them: TEST_BOT_CONFIG with `bot` over it, every loop looking every 20 ms. */
  bot?: Partial<TelegramBotConfig>;
  /** The bot's end, late and no-show questions, with `bot` only: other tests move their clocks past many ends. */
  handoverQuestions?: boolean;
}

/**
 * The outbox as tests run it: polling every 20 ms, a 2 s request timeout (short, yet ample on a
 * loaded machine), and Telegram's pacing shortened, as most tests send several messages to one
 * chat and prove something else; the pacing tests pass PRODUCTION_PACING.
 */
export const TEST_NOTIFIER: Partial<NotifierOptions> = { pollIntervalMs: 20, requestTimeoutMs: 2000, sendGapMs: 1, chatGapMs: 20 };

export const PRODUCTION_PACING: Partial<NotifierOptions> = {
  sendGapMs: DEFAULT_NOTIFIER_OPTIONS.sendGapMs,
  chatGapMs: DEFAULT_NOTIFIER_OPTIONS.chatGapMs,
};

/** The bot as tests run it: one-second long polls. */
export const TEST_BOT_CONFIG: TelegramBotConfig = {
  digestTime: undefined,
  reminderMinutes: 0,
  webhookUrl: undefined,
  pollTimeoutSeconds: 1,
  pollerLeaseSeconds: 30,
};

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
    appUrl: undefined,
    fundReminderDay: 1,
    push: { keys: undefined, subject: 'mailto:test@example.com', allowLoopback: true },
    retentionDays: 90,
    ...overrides,
  };
}

/**
 * The real app on a fresh database (or `database`), listening on a free loopback port, for tests
 * over real HTTP. Every API test starts its in-process apps here; a separate server process is
 * startServerProcess's.
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const db = options.openDb ? options.openDb(database) : database.open();
  const config = testConfig(database, {
    ...(options.telegram ? { telegram: options.telegram } : {}),
    ...(options.bot ? { telegramBot: { ...TEST_BOT_CONFIG, ...options.bot } } : {}),
    ...options.config,
  });
  const logs: string[] = [];
  const buildOptions: BuildOptions = {
    logger: { level: 'info', stream: { write: (line: string) => logs.push(line) } },
    notifier: { ...TEST_NOTIFIER, ...options.notifier },
    ...(options.bot
      ? {
          bot: {
            schedulerIntervalMs: 20,
            handoverQuestions: options.handoverQuestions ?? false,
            standbyIntervalMs: 20,
            errorBackoffMs: 20,
          },
          borrowerRoundIntervalMs: 20,
        }
      : {}),
    ...options.buildOptions,
  };
  const app = await buildApp({ config, db, now: options.now ?? (() => new Date()) }, buildOptions);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the test app is not listening on TCP');
  return {
    app,
    baseUrl: `http://127.0.0.1:${address.port}`,
    db,
    database,
    logs,
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
