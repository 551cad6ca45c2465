import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, join } from 'node:path';
import { type DatabaseLocation, type PostgresTimeouts, parseDatabaseUrl } from '../db/database';
import { DEFAULT_START_REMINDER_MINUTES } from '../domain/chat/borrower-bot';
import { DEFAULT_FUND_REMINDER_DAY, MAX_FUND_REMINDER_DAY } from '../domain/fund/reminder';
import { DEFAULT_NO_SHOW_MINUTES, DEFAULT_RETURN_GRACE_MINUTES } from '../domain/handover/handover';
import { isClockTime, isKnownTimeZone } from '../domain/time/clock';

export interface TelegramConfig {
  token: string;
  chatId: string;
  apiUrl: string;
}

export interface TelegramBotConfig {
  digestTime: string | undefined;
  /** 0 turns it off. */
  reminderMinutes: number;
  /** Unset: one instance long-polls instead. */
  webhookUrl: string | undefined;
  pollTimeoutSeconds: number;
  pollerLeaseSeconds: number;
}

export interface PushConfig {
  /** From VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY; undefined: generated once and kept in the database (push/keys.ts). */
  keys: { publicKey: string; privateKey: string } | undefined;
  subject: string;
  /** Tests only: a push service on a loopback address, over http too. */
  allowLoopback: boolean;
}

export interface Config {
  port: number;
  host: string;
  database: DatabaseLocation;
  timeZone: string;
  telegram: TelegramConfig | undefined;
  telegramBot: TelegramBotConfig;
  sessionSecret: string;
  seedDemo: boolean;
  production: boolean;
  trustProxy: TrustProxy;
  clockFile: string | undefined;
  /** `npm run lighthouse` only: static copies of the pages, served at /ceiling/NAME.html (spa/routes.ts). */
  benchCeilingDir: string | undefined;
  bookingHorizonDays: number;
  /** 0 turns the limit off. */
  bookingLimitPerHour: number;
  voucherGuessLimitPerHour: number;
  /** Bookings that may wait for the database in one process; more answer 503. */
  bookingQueueLimit: number;
  /** SQLite only: 'HH:MM' in timeZone of the daily backup, or undefined: none. */
  backupTime: string | undefined;
  backupKeep: number;
  /** Logs every request's method and URL at info level. */
  accessLog: boolean;
  /** A loan out this long past its end is late (issue 24). */
  returnGraceMinutes: number;
  /** The owner is asked to release a booking not picked up this long after its start. */
  noShowMinutes: number;
  /** A linked borrower's reminder this long before the start; 0: none (issue 26). */
  borrowerReminderMinutes: number;
  /** The app's public address (`APP_URL`), for links in borrowers' chats (`Pesan lagi`, issue 38); undefined: no such links. */
  appUrl: string | undefined;
  /** The day of the month (1–28) a linked chat that owes is reminded at 09:00 (issue 39). */
  fundReminderDay: number;
  push: PushConfig;
  /** Days a sent message, an address event or an expired idempotency key is kept before the daily retention job deletes it (issue 44). */
  retentionDays: number;
}

/** Proxy hops (0: X-Forwarded-* ignored), or the proxies' addresses and CIDR ranges. */
export type TrustProxy = number | string[];

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable}: ${problem}`);
  }
}

type Env = Record<string, string | undefined>;

/** Reads `.env` into the environment when it exists; variables already set win. */
export function loadDotEnv(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path);
}

export const DEFAULT_DATABASE_URL = 'file:./data/pinjam-motor.db';

/** Whether the SQLite file is the default one, whose folder is made on first start; any other folder must exist. */
function readBackupTime(env: Env): string | undefined {
  const time = (env.BACKUP_TIME ?? '03:00').trim();
  if (time !== '' && !isClockTime(time)) {
    throw new ConfigError('BACKUP_TIME', `'${time}' is not a time HH:MM (00:00-23:59), or empty to turn the daily backup off`);
  }
  return time === '' ? undefined : time;
}

export function readBackupKeep(env: Env): number {
  const raw = env.BACKUP_KEEP ?? '14';
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 10_000) {
    throw new ConfigError('BACKUP_KEEP', `'${raw}' is not a number of backups to keep (1-10000)`);
  }
  return Number(raw);
}

export function isDefaultSqlite(location: DatabaseLocation): boolean {
  const fallback = parseDatabaseUrl(DEFAULT_DATABASE_URL);
  return location.engine === 'sqlite' && fallback.engine === 'sqlite' && location.path === fallback.path;
}

function readPort(env: Env): number {
  const raw = env.PORT ?? '3000';
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65_535) throw new ConfigError('PORT', `'${raw}' is not a port number (0-65535)`);
  return port;
}

export function readDatabase(env: Env): DatabaseLocation {
  try {
    return parseDatabaseUrl(env.DATABASE_URL ?? DEFAULT_DATABASE_URL);
  } catch (error) {
    throw new ConfigError('DATABASE_URL', (error as Error).message);
  }
}

export function readTimeZone(env: Env): string {
  const zone = env.APP_TIMEZONE ?? 'Asia/Jakarta';
  if (!isKnownTimeZone(zone)) throw new ConfigError('APP_TIMEZONE', `'${zone}' is not a known IANA time zone`);
  return zone;
}

function readTelegram(env: Env): TelegramConfig | undefined {
  const apiUrl = env.TELEGRAM_API_URL ?? 'https://api.telegram.org';
  if (!URL.canParse(apiUrl) || !/^https?:$/.test(new URL(apiUrl).protocol)) {
    throw new ConfigError('TELEGRAM_API_URL', `'${apiUrl}' is not an http(s) URL`);
  }
  const token = env.TELEGRAM_BOT_TOKEN?.trim();
  const chatId = env.TELEGRAM_CHAT_ID?.trim();
  if (!token || !chatId) return undefined;
  return { token, chatId, apiUrl: apiUrl.replace(/\/+$/, '') };
}

function readWholeNumber(env: Env, variable: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[variable] ?? String(fallback);
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
    throw new ConfigError(variable, `'${raw}' must be a whole number ${range}`);
  }
  return value;
}

export function readPostgresTimeouts(env: Env): PostgresTimeouts {
  return {
    lockMs: readWholeNumber(env, 'PG_LOCK_TIMEOUT_MS', 3000, 100),
    statementMs: readWholeNumber(env, 'PG_STATEMENT_TIMEOUT_MS', 15_000, 100),
    idleInTransactionMs: readWholeNumber(env, 'PG_IDLE_IN_TRANSACTION_TIMEOUT_MS', 4000, 100),
    connectMs: readWholeNumber(env, 'PG_CONNECT_TIMEOUT_MS', 5000, 100),
  };
}

function readTelegramBot(env: Env): TelegramBotConfig {
  const digestTime = (env.TELEGRAM_DIGEST_TIME ?? '06:00').trim();
  if (digestTime !== '' && !isClockTime(digestTime)) {
    throw new ConfigError('TELEGRAM_DIGEST_TIME', `'${digestTime}' is not a time HH:MM (00:00-23:59), or empty to turn the digest off`);
  }
  const webhookUrl = env.TELEGRAM_WEBHOOK_URL?.trim() || undefined;
  if (webhookUrl !== undefined && (!URL.canParse(webhookUrl) || new URL(webhookUrl).protocol !== 'https:')) {
    throw new ConfigError('TELEGRAM_WEBHOOK_URL', `'${webhookUrl}' is not an https URL (Telegram posts only to https)`);
  }
  const pollTimeoutSeconds = readWholeNumber(env, 'TELEGRAM_POLL_TIMEOUT_SECONDS', 25, 1, 50);
  const pollerLeaseSeconds = readWholeNumber(env, 'TELEGRAM_POLLER_LEASE_SECONDS', 45, 2, 300);
  if (pollerLeaseSeconds <= pollTimeoutSeconds) {
    throw new ConfigError(
      'TELEGRAM_POLLER_LEASE_SECONDS',
      `${pollerLeaseSeconds} must be longer than TELEGRAM_POLL_TIMEOUT_SECONDS (${pollTimeoutSeconds})`,
    );
  }
  return {
    digestTime: digestTime === '' ? undefined : digestTime,
    reminderMinutes: readWholeNumber(env, 'TELEGRAM_REMINDER_MINUTES', 30, 0, 1440),
    webhookUrl,
    pollTimeoutSeconds,
    pollerLeaseSeconds,
  };
}

function readFlag(env: Env, variable: string, fallback: '0' | '1'): boolean {
  const raw = env[variable] ?? fallback;
  if (raw !== '0' && raw !== '1') throw new ConfigError(variable, `'${raw}' must be 0 or 1`);
  return raw === '1';
}

/** proxy-addr's names for whole ranges, as Fastify accepts them in a trusted-proxy list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

function readTrustProxy(env: Env): TrustProxy {
  const raw = (env.TRUST_PROXY ?? '0').trim();
  if (/^\d{1,2}$/.test(raw)) return Number(raw);
  const entries = raw.split(',').map((entry) => entry.trim());
  if (raw === '' || !entries.every(isProxyAddress)) {
    throw new ConfigError(
      'TRUST_PROXY',
      `'${raw}' must be a number of proxy hops (0 for none) or a comma-separated list of proxy addresses or CIDR ranges`,
    );
  }
  return entries;
}

// Outside production one is made on first start and kept beside the data, so sessions survive restarts.
function readSessionSecret(env: Env, production: boolean, dataDir: string): string {
  const given = env.SESSION_SECRET;
  if (given !== undefined) {
    if (given.length < 32) throw new ConfigError('SESSION_SECRET', 'must be at least 32 characters');
    return given;
  }
  if (production) throw new ConfigError('SESSION_SECRET', 'is required when NODE_ENV=production');
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

function readClockFile(env: Env, production: boolean): string | undefined {
  const file = env.APP_CLOCK_FILE?.trim();
  if (!file) return undefined;
  if (production) throw new ConfigError('APP_CLOCK_FILE', 'is for tests and must be unset when NODE_ENV=production');
  return file;
}

function readBenchCeilingDir(env: Env, production: boolean): string | undefined {
  const dir = env.BENCH_CEILING_DIR?.trim();
  if (!dir) return undefined;
  if (production) throw new ConfigError('BENCH_CEILING_DIR', 'is for the Lighthouse bench and must be unset when NODE_ENV=production');
  return dir;
}

function readAppUrl(env: Env): string | undefined {
  const url = env.APP_URL?.trim() || undefined;
  if (url !== undefined && (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))) {
    throw new ConfigError('APP_URL', `'${url}' is not an http(s) URL`);
  }
  return url?.replace(/\/+$/, '');
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function readPush(env: Env, production: boolean, appUrl: string | undefined): PushConfig {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() || undefined;
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() || undefined;
  if ((publicKey === undefined) !== (privateKey === undefined)) {
    throw new ConfigError(publicKey === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY', 'must be set with its pair, or both unset');
  }
  if (publicKey !== undefined && !BASE64URL.test(publicKey)) throw new ConfigError('VAPID_PUBLIC_KEY', 'is not base64url');
  if (privateKey !== undefined && !BASE64URL.test(privateKey)) throw new ConfigError('VAPID_PRIVATE_KEY', 'is not base64url');
  const subject = env.VAPID_SUBJECT?.trim() || (appUrl?.startsWith('https:') ? appUrl : 'mailto:pinjam-motor@localhost');
  if (!/^(mailto:|https:)/.test(subject)) throw new ConfigError('VAPID_SUBJECT', `'${subject}' is not a mailto: or https: URL`);
  const allowLoopback = readFlag(env, 'PUSH_ALLOW_LOOPBACK', '0');
  if (allowLoopback && production) throw new ConfigError('PUSH_ALLOW_LOOPBACK', 'is for tests and must be unset when NODE_ENV=production');
  const keys = publicKey !== undefined && privateKey !== undefined ? { publicKey, privateKey } : undefined;
  return { keys, subject, allowLoopback };
}

export function loadConfig(env: Env = process.env, dataDir = './data'): Config {
  const production = env.NODE_ENV === 'production';
  const host = env.HOST ?? '0.0.0.0';
  if (host.trim() === '') throw new ConfigError('HOST', 'is empty');
  return {
    port: readPort(env),
    host,
    database: readDatabase(env),
    timeZone: readTimeZone(env),
    telegram: readTelegram(env),
    telegramBot: readTelegramBot(env),
    seedDemo: readFlag(env, 'SEED_DEMO', '1'),
    trustProxy: readTrustProxy(env),
    production,
    sessionSecret: readSessionSecret(env, production, dataDir),
    clockFile: readClockFile(env, production),
    benchCeilingDir: readBenchCeilingDir(env, production),
    bookingHorizonDays: readWholeNumber(env, 'BOOKING_HORIZON_DAYS', 90, 0),
    bookingLimitPerHour: readWholeNumber(env, 'BOOKING_LIMIT_PER_HOUR', 30, 0),
    voucherGuessLimitPerHour: readWholeNumber(env, 'VOUCHER_GUESS_LIMIT_PER_HOUR', 10, 1),
    bookingQueueLimit: readWholeNumber(env, 'BOOKING_QUEUE_LIMIT', 1000, 1),
    backupTime: readBackupTime(env),
    backupKeep: readBackupKeep(env),
    accessLog: readFlag(env, 'ACCESS_LOG', '0'),
    returnGraceMinutes: readWholeNumber(env, 'RETURN_GRACE_MINUTES', DEFAULT_RETURN_GRACE_MINUTES, 0, 1440),
    noShowMinutes: readWholeNumber(env, 'NO_SHOW_MINUTES', DEFAULT_NO_SHOW_MINUTES, 1, 1440),
    borrowerReminderMinutes: readWholeNumber(env, 'REMINDER_BEFORE_START_MINUTES', DEFAULT_START_REMINDER_MINUTES, 0, 1440),
    appUrl: readAppUrl(env),
    push: readPush(env, production, readAppUrl(env)),
    fundReminderDay: readWholeNumber(env, 'FUND_REMINDER_DAY', DEFAULT_FUND_REMINDER_DAY, 1, MAX_FUND_REMINDER_DAY),
    retentionDays: readWholeNumber(env, 'RETENTION_DAYS', 90, 1, 36_500),
  };
}
