import pg from 'pg';

export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The server the PostgreSQL tests use: TEST_DATABASE_URL, else the local default. */
export function postgresAdminUrl(): string {
  return process.env.TEST_DATABASE_URL ?? DEFAULT_POSTGRES_URL;
}

/** The same server with another database name. */
export function postgresUrlFor(database: string): string {
  const url = new URL(postgresAdminUrl());
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withPostgresAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresAdminUrl(), connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const OBJECT_IN_USE = '55006';

/**
 * Drops a test database. pg's Pool.end() resolves before its connections have finished closing,
 * and a forced drop at that moment kills them mid-goodbye, which surfaces as an uncaught 57P01 in
 * the test process; so let them close first, and force only if some linger.
 */
export async function dropPostgresDatabase(name: string): Promise<void> {
  await withPostgresAdmin(async (client) => {
    for (let attempt = 0; attempt < 40; attempt++) {
      try {
        await client.query(`drop database if exists "${name}"`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== OBJECT_IN_USE) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await client.query(`drop database if exists "${name}" with (force)`);
  });
}
