import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { buildApp } from './app';
import { createClock, jobIntervalsFromEnv } from './clock-file';
import { ConfigError, loadConfig, loadDotEnv, readPostgresTimeouts } from './config';
import { DatabaseOpenError, openDatabase } from './open-database';
import { drainConnections } from './plugins/errors';
import { seedDemoRoster } from './roster/service';

// How long a stop waits for kept-alive connections to carry their last answer (docs/operations.md).
const DRAIN_DEADLINE_MS = 2_000;
const CONNECTION_LINE_EVERY_MS = 60_000;

function fail(line: string): never {
  console.error(line);
  process.exit(1);
}

async function listen(): Promise<void> {
  loadDotEnv();
  let config: ReturnType<typeof loadConfig>;
  let postgresTimeouts: ReturnType<typeof readPostgresTimeouts>;
  try {
    config = loadConfig();
    postgresTimeouts = readPostgresTimeouts(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  let log: FastifyBaseLogger | undefined;
  const closedLine = { at: Number.NEGATIVE_INFINITY, since: 0 };
  let db: Db;
  try {
    db = await openDatabase(config.database, {
      postgresTimeouts,
      onConnectionError: (error) => {
        // A restart of PostgreSQL closes every pooled connection at once: one line a minute at most.
        const at = Date.now();
        if (at - closedLine.at < CONNECTION_LINE_EVERY_MS) {
          closedLine.since += 1;
          return;
        }
        const more = closedLine.since > 0 ? ` (${closedLine.since} more since the last line)` : '';
        const line = `database: a connection was closed (${error.message}); the next query opens a fresh one${more}`;
        closedLine.at = at;
        closedLine.since = 0;
        if (log) log.warn({ code: (error as { code?: string }).code }, line);
        else console.warn(line);
      },
    });
  } catch (error) {
    if (error instanceof DatabaseOpenError) fail(error.message);
    throw error;
  }
  try {
    await migrateToLatest(db);
  } catch (error) {
    fail(`DATABASE_URL: ${(error as Error).message}`);
  }

  const app = await buildApp(
    { config, db, now: createClock(config.clockFile) },
    {
      logger: { level: process.env.LOG_LEVEL ?? 'info' },
      ...jobIntervalsFromEnv(process.env, config.clockFile),
    },
  );
  log = app.log;
  if (config.seedDemo) {
    const admin = await seedDemoRoster(db.kysely);
    // Plain lines, not JSON logs: they are read by a person trying the app for the first time.
    if (admin) console.log(`Demo roster loaded. Admin login: Nama "${admin.name}", Kode Masuk ${admin.id} (SEED_DEMO=0 turns this off)`);
  }
  if (!config.telegram) app.log.info('Telegram notifications are off: TELEGRAM_BOT_TOKEN or TELEGRAM_CHAT_ID is unset');
  if (typeof config.trustProxy === 'number' && config.trustProxy > 0 && !isLoopbackHost(config.host)) {
    app.log.warn(
      `TRUST_PROXY=${config.trustProxy} believes X-Forwarded-For from whoever connects, and HOST=${config.host} lets clients connect without the proxy, past every per-address limit: set HOST=127.0.0.1 behind a local proxy, or list the proxies' addresses in TRUST_PROXY (docs/operations.md)`,
    );
  }

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    // The bench reads the heap in use from this line (bench/run.ts).
    app.log.info({ memory: process.memoryUsage() }, `${signal} received, closing`);
    await drainConnections(app, DRAIN_DEADLINE_MS);
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void close('SIGTERM'));
  process.once('SIGINT', () => void close('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    fail(`PORT: cannot listen on ${config.host}:${config.port} (${(error as Error).message})`);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(`pinjam-motor is listening on http://${shownHost}:${port}`);
}

/** Resolves once the server listens; a failure to start ends the process with its reason. */
export function start(): Promise<void> {
  return listen().catch((error: unknown) => fail(`start-up failed: ${(error as Error).message}`));
}

function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}
