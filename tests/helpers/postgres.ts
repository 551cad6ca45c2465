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

/**
 * Drops a test database, ending whatever connections to it are left: the app's pool handles its
 * idle connections being ended by the server (see createDb), so nothing else waits for them.
 */
export async function dropPostgresDatabase(name: string): Promise<void> {
  await withPostgresAdmin((client) => client.query(`drop database if exists "${name}" with (force)`));
}

/** Test databases of one run are named after its template, so the run's teardown finds any left. */
export function testDatabasePrefix(templateName: string): string {
  return `pinjam_t_${templateName.replace(/^pinjam_tpl_/, '')}_`;
}
