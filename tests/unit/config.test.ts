import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, readPostgresTimeouts } from '../../src/server/config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'pinjam-config-'));

function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env, dataDir());
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('loadConfig accepted a bad environment');
}

describe('configuration from the environment', () => {
  it('has working defaults: port 3000, SQLite under ./data, Jakarta time, demo roster, notifications off', () => {
    const config = loadConfig({}, dataDir());
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.database).toEqual({ engine: 'sqlite', path: './data/pinjam-motor.db' });
    expect(config.timeZone).toBe('Asia/Jakarta');
    expect(config.seedDemo).toBe(true);
    expect(config.telegram).toBeUndefined();
    expect(config.accessLog).toBe(false);
    expect(loadConfig({ ACCESS_LOG: '1' }, dataDir()).accessLog).toBe(true);
  });

  it('selects PostgreSQL for postgres:// and postgresql:// and SQLite for file: or a bare path', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }, dataDir()).database.engine).toBe('postgres');
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h/db' }, dataDir()).database.engine).toBe('postgres');
    expect(loadConfig({ DATABASE_URL: 'file:/tmp/x.db' }, dataDir()).database).toEqual({ engine: 'sqlite', path: '/tmp/x.db' });
    expect(loadConfig({ DATABASE_URL: 'data/y.db' }, dataDir()).database).toEqual({ engine: 'sqlite', path: 'data/y.db' });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT', "PORT: 'abc' is not a port number (0-65535)"],
    [{ PORT: '70000' }, 'PORT', "PORT: '70000' is not a port number (0-65535)"],
    [
      { DATABASE_URL: 'mysql://root@localhost/db' },
      'DATABASE_URL',
      "DATABASE_URL: unknown scheme 'mysql:' (use postgres://, postgresql:// or file:PATH)",
    ],
    [{ APP_TIMEZONE: 'Mars/Olympus' }, 'APP_TIMEZONE', "APP_TIMEZONE: 'Mars/Olympus' is not a known IANA time zone"],
    [{ SEED_DEMO: 'yes' }, 'SEED_DEMO', "SEED_DEMO: 'yes' must be 0 or 1"],
    [{ ACCESS_LOG: 'true' }, 'ACCESS_LOG', "ACCESS_LOG: 'true' must be 0 or 1"],
    [{ NODE_ENV: 'production' }, 'SESSION_SECRET', 'SESSION_SECRET: is required when NODE_ENV=production'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET', 'SESSION_SECRET: must be at least 32 characters'],
    [
      { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), APP_CLOCK_FILE: '/tmp/clock' },
      'APP_CLOCK_FILE',
      'APP_CLOCK_FILE: is for tests and must be unset when NODE_ENV=production',
    ],
    [
      { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), BENCH_CEILING_DIR: '/tmp/ceiling' },
      'BENCH_CEILING_DIR',
      'BENCH_CEILING_DIR: is for the Lighthouse bench and must be unset when NODE_ENV=production',
    ],
    [{ TELEGRAM_API_URL: 'ftp://x' }, 'TELEGRAM_API_URL', "TELEGRAM_API_URL: 'ftp://x' is not an http(s) URL"],
    [
      { TELEGRAM_DIGEST_TIME: '6:00' },
      'TELEGRAM_DIGEST_TIME',
      "TELEGRAM_DIGEST_TIME: '6:00' is not a time HH:MM (00:00-23:59), or empty to turn the digest off",
    ],
    [
      { TELEGRAM_REMINDER_MINUTES: '-5' },
      'TELEGRAM_REMINDER_MINUTES',
      "TELEGRAM_REMINDER_MINUTES: '-5' must be a whole number from 0 to 1440",
    ],
    [
      { TELEGRAM_WEBHOOK_URL: 'http://pinjam.example/hook' },
      'TELEGRAM_WEBHOOK_URL',
      "TELEGRAM_WEBHOOK_URL: 'http://pinjam.example/hook' is not an https URL (Telegram posts only to https)",
    ],
    [
      { TELEGRAM_POLL_TIMEOUT_SECONDS: '0' },
      'TELEGRAM_POLL_TIMEOUT_SECONDS',
      "TELEGRAM_POLL_TIMEOUT_SECONDS: '0' must be a whole number from 1 to 50",
    ],
    [
      { TELEGRAM_POLL_TIMEOUT_SECONDS: '30', TELEGRAM_POLLER_LEASE_SECONDS: '30' },
      'TELEGRAM_POLLER_LEASE_SECONDS',
      'TELEGRAM_POLLER_LEASE_SECONDS: 30 must be longer than TELEGRAM_POLL_TIMEOUT_SECONDS (30)',
    ],
  ])('refuses %o naming %s in one line', (env, variable, line) => {
    const error = errorOf(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toBe(line);
  });

  it('turns notifications on only with both the token and the chat id', () => {
    expect(loadConfig({ TELEGRAM_BOT_TOKEN: '1:abc' }, dataDir()).telegram).toBeUndefined();
    expect(
      loadConfig({ TELEGRAM_BOT_TOKEN: '1:abc', TELEGRAM_CHAT_ID: '42', TELEGRAM_API_URL: 'http://127.0.0.1:9/' }, dataDir()).telegram,
    ).toEqual({
      token: '1:abc',
      chatId: '42',
      apiUrl: 'http://127.0.0.1:9',
    });
  });

  it('runs the owner bot by default with a 06:00 digest, a 30-minute reminder and long polling; empty or 0 turns each off', () => {
    expect(loadConfig({}, dataDir()).telegramBot).toEqual({
      digestTime: '06:00',
      reminderMinutes: 30,
      webhookUrl: undefined,
      pollTimeoutSeconds: 25,
      pollerLeaseSeconds: 45,
    });
    const off = loadConfig(
      { TELEGRAM_DIGEST_TIME: '', TELEGRAM_REMINDER_MINUTES: '0', TELEGRAM_WEBHOOK_URL: 'https://pinjam.example/telegram/webhook' },
      dataDir(),
    ).telegramBot;
    expect(off).toMatchObject({ digestTime: undefined, reminderMinutes: 0, webhookUrl: 'https://pinjam.example/telegram/webhook' });
  });

  it('makes a session secret once outside production and keeps it in the data folder', () => {
    const dir = dataDir();
    const first = loadConfig({}, dir).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'session-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({}, dir).sessionSecret).toBe(first);
  });

  it.each([
    [undefined, 0],
    ['0', 0],
    ['1', 1],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    [' 10.0.0.0/8, ::1 ,loopback', ['10.0.0.0/8', '::1', 'loopback']],
    ['fd00::/8', ['fd00::/8']],
  ])('reads TRUST_PROXY=%j as %j', (raw, trust) => {
    expect(loadConfig(raw === undefined ? {} : { TRUST_PROXY: raw }, dataDir()).trustProxy).toEqual(trust);
  });

  it.each(['', 'yes', 'true', '-1', '1.5', '10.0.0.0/33', '10.0.0.1,', 'example.com', '::1/129', '100'])(
    'refuses TRUST_PROXY=%j in one line',
    (raw) => {
      const error = errorOf({ TRUST_PROXY: raw });
      expect(error.variable).toBe('TRUST_PROXY');
      expect(error.message).toBe(
        `TRUST_PROXY: '${raw.trim()}' must be a number of proxy hops (0 for none) or a comma-separated list of proxy addresses or CIDR ranges`,
      );
    },
  );
});

describe('booking limits from the environment', () => {
  it('default to a 90-day horizon, 30 bookings and 10 voucher guesses per address an hour, 1000 waiting bookings', () => {
    const config = loadConfig({}, dataDir());
    expect(config.bookingHorizonDays).toBe(90);
    expect(config.bookingLimitPerHour).toBe(30);
    expect(config.voucherGuessLimitPerHour).toBe(10);
    expect(config.bookingQueueLimit).toBe(1000);
  });

  it('take whole numbers, and 0 turns the booking limit off', () => {
    const config = loadConfig(
      { BOOKING_HORIZON_DAYS: '30', BOOKING_LIMIT_PER_HOUR: '0', VOUCHER_GUESS_LIMIT_PER_HOUR: '5', BOOKING_QUEUE_LIMIT: '50' },
      dataDir(),
    );
    expect([config.bookingHorizonDays, config.bookingLimitPerHour, config.voucherGuessLimitPerHour, config.bookingQueueLimit]).toEqual([
      30, 0, 5, 50,
    ]);
  });

  it.each([
    [{ BOOKING_HORIZON_DAYS: '-1' }, "BOOKING_HORIZON_DAYS: '-1' must be a whole number of at least 0"],
    [{ BOOKING_LIMIT_PER_HOUR: '2.5' }, "BOOKING_LIMIT_PER_HOUR: '2.5' must be a whole number of at least 0"],
    [{ VOUCHER_GUESS_LIMIT_PER_HOUR: '0' }, "VOUCHER_GUESS_LIMIT_PER_HOUR: '0' must be a whole number of at least 1"],
    [{ BOOKING_QUEUE_LIMIT: 'banyak' }, "BOOKING_QUEUE_LIMIT: 'banyak' must be a whole number of at least 1"],
  ])('refuses %j', (env, message) => {
    expect(errorOf(env).message).toBe(message);
  });
});

describe('backups and PostgreSQL session limits from the environment', () => {
  it('default to a daily backup at 03:00 keeping 14, and PostgreSQL limits of 3 s lock, 15 s statement, 4 s idle in a transaction, 5 s connect', () => {
    const config = loadConfig({}, dataDir());
    expect([config.backupTime, config.backupKeep]).toEqual(['03:00', 14]);
    expect(readPostgresTimeouts({})).toEqual({ lockMs: 3000, statementMs: 15_000, idleInTransactionMs: 4000, connectMs: 5000 });
  });

  it('take an empty BACKUP_TIME as no daily backup, and whole milliseconds for the limits', () => {
    expect(loadConfig({ BACKUP_TIME: '', BACKUP_KEEP: '3' }, dataDir())).toMatchObject({ backupTime: undefined, backupKeep: 3 });
    expect(readPostgresTimeouts({ PG_LOCK_TIMEOUT_MS: '1000', PG_IDLE_IN_TRANSACTION_TIMEOUT_MS: '2000' })).toMatchObject({
      lockMs: 1000,
      idleInTransactionMs: 2000,
    });
  });

  it.each([
    [{ BACKUP_TIME: '3:00' }, "BACKUP_TIME: '3:00' is not a time HH:MM (00:00-23:59), or empty to turn the daily backup off"],
    [{ BACKUP_KEEP: '0' }, "BACKUP_KEEP: '0' is not a number of backups to keep (1-10000)"],
  ])('refuses %j', (env, message) => {
    expect(errorOf(env).message).toBe(message);
  });

  it('refuses a PostgreSQL limit that is not whole milliseconds', () => {
    expect(() => readPostgresTimeouts({ PG_LOCK_TIMEOUT_MS: '3s' })).toThrow(
      "PG_LOCK_TIMEOUT_MS: '3s' must be a whole number of at least 100",
    );
  });
});
