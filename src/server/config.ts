import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, join } from 'node:path';
import { type DatabaseLocation, parseDatabaseUrl } from '../db/database';
import { isKnownTimeZone } from '../domain/clock';

export interface TelegramConfig {
  token: string;
  chatId: string;
  apiUrl: string;
}

export interface Config {
  port: number;
  host: string;
  database: DatabaseLocation;
  timeZone: string;
  /** Undefined when the token or the chat id is unset: notifications are off. */
  telegram: TelegramConfig | undefined;
  sessionSecret: string;
  seedDemo: boolean;
  production: boolean;
  /** Which proxies' X-Forwarded-* headers are believed (see TrustProxy). */
  trustProxy: TrustProxy;
  /** Tests only: a file holding the instant the server takes as now (see clock-file.ts). */
  clockFile: string | undefined;
}

/**
 * The reverse proxies in front of the server: 0 for none (X-Forwarded-* ignored), a number of
 * hops (the client address is the one that many entries from the right of X-Forwarded-For), or
 * the proxies' addresses and CIDR ranges (every trusted entry is skipped from the right).
 */
export type TrustProxy = number | string[];

/** A bad environment variable; its message is the one line start-up prints. */
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

function readTimeZone(env: Env): string {
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

/**
 * In production the secret must be given; elsewhere one is made on first start and kept beside
 * the data, so sessions survive restarts.
 */
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
    seedDemo: readFlag(env, 'SEED_DEMO', '1'),
    trustProxy: readTrustProxy(env),
    production,
    sessionSecret: readSessionSecret(env, production, dataDir),
    clockFile: readClockFile(env, production),
  };
}
