import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database';
import { duesOfYearQuery } from '../../src/server/fund/repository';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../helpers/test-db';

/** The dues grid of a year reads that year's dues by their index (0064), not the whole ledger: at five years it holds some 18,000 entries. */
describe(`the dues grid's read on ${TEST_ENGINE}`, () => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.open();
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  it('is answered by the dues index alone', async () => {
    const query = duesOfYearQuery(db.kysely, 2026).compile();
    if (db.engine === 'sqlite') {
      const { rows } = await db.kysely.executeQuery<{ detail: string }>({
        ...query,
        sql: `explain query plan ${query.sql}`,
      });
      expect(rows.map((row) => row.detail)).toContain(
        'SEARCH ledger_entry USING COVERING INDEX ledger_entry_dues (dues_month>? AND dues_month<?)',
      );
      return;
    }
    // An empty table is scanned whatever its indexes: with scans priced out, the plan shows whether the index can answer at all.
    const plan = await db.kysely.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>({ ...query, sql: `explain ${query.sql}` });
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index Only Scan using ledger_entry_dues on ledger_entry/);
  });
});
