import Sqlite from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { DESKTOP, sharedChromium } from '../../helpers/browser';
import { type E2eApp, startE2eApp } from '../../helpers/e2e-app';
import { type FakeTelegram, startFakeTelegram } from '../../helpers/fake-telegram';

export interface StudentApp {
  baseUrl: string;
  browser: Browser;
  /** The SQLite file the server uses, for a test that must make the database itself fail. */
  databasePath: string;
  /** Contexts opened by this test, closed after it. */
  contexts: BrowserContext[];
  /** Everything the server printed so far (its log, with every request's URL under ACCESS_LOG=1). */
  serverOutput(): string;
  /** The fake Bot API the server talks to, with `telegram: true`. */
  telegram: FakeTelegram;
}

interface Options {
  /** Unused voucher codes written before the server starts, as an admin would have generated them. */
  vouchers?: string[];
  env?: Record<string, string>;
  /** A fake Bot API on 127.0.0.1 for the file, the server's bot polling it every second. */
  telegram?: boolean;
}

function telegramEnv(telegram: FakeTelegram): Record<string, string> {
  return {
    TELEGRAM_BOT_TOKEN: telegram.telegram.token,
    TELEGRAM_CHAT_ID: telegram.telegram.chatId,
    TELEGRAM_API_URL: telegram.telegram.apiUrl,
    TELEGRAM_POLL_TIMEOUT_SECONDS: '1',
    TELEGRAM_POLLER_LEASE_SECONDS: '5',
  };
}

/**
 * Per test file: the production server on a fresh SQLite file holding CLASS_ROSTER (and any
 * vouchers), driven by the worker's one Chromium (sharedChromium). Pages opened with `openPage`
 * are in contexts of their own, closed after each test.
 */
export function useStudentApp(options: Options = {}): StudentApp {
  const app = { contexts: [] as BrowserContext[] } as StudentApp;
  let e2e: E2eApp | undefined;

  beforeAll(async () => {
    if (options.telegram) app.telegram = await startFakeTelegram();
    const botEnv = options.telegram ? telegramEnv(app.telegram) : {};
    e2e = await startE2eApp({ vouchers: options.vouchers, env: { ...options.env, ...botEnv } });
    app.baseUrl = e2e.baseUrl;
    app.serverOutput = e2e.server.output;
    app.databasePath = e2e.databasePath;
    app.browser = await sharedChromium();
  });
  afterEach(async () => {
    await Promise.all(app.contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await e2e?.stop();
    if (options.telegram) await app.telegram?.close();
  });
  return app;
}

export interface PageOptions {
  viewport?: { width: number; height: number };
  /** Starts with `localStorage.agreedToRules = 'true'`, as after Saya Setuju. */
  agreed?: boolean;
  timezoneId?: string;
  colorScheme?: 'light' | 'dark';
  /**
   * Service workers are blocked unless a test is about them: a page the app's worker controls
   * fetches through it, past `page.route`, and answers from its cache when the network fails.
   */
  serviceWorkers?: 'allow' | 'block';
}

/** A fresh browser context (no storage carried over) with one page, closed after the test. */
export async function openPage(
  app: StudentApp,
  { viewport = DESKTOP, agreed = false, timezoneId, colorScheme = 'light', serviceWorkers = 'block' }: PageOptions = {},
): Promise<Page> {
  const context = await app.browser.newContext({
    baseURL: app.baseUrl,
    viewport,
    locale: 'id-ID',
    timezoneId,
    colorScheme,
    serviceWorkers,
  });
  app.contexts.push(context);
  if (agreed) await context.addInitScript(() => localStorage.setItem('agreedToRules', 'true'));
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  return page;
}

/** The demo admin's login code (an admin's id), read from the server's database file. */
export function adminIdOf(app: StudentApp): string {
  const db = new Sqlite(app.databasePath, { readonly: true });
  try {
    return (db.prepare("SELECT id FROM users WHERE name = 'Admin Uji'").get() as { id: string }).id;
  } finally {
    db.close();
  }
}

/** Runs SQL on the server's database file from outside, the way another process would. */
export function execOnDatabase(app: StudentApp, sql: string): void {
  const db = new Sqlite(app.databasePath);
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
}
