import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compiledQuery } from '../../src/db/compiled-query';
import type { Db } from '../../src/db/database';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

let database: TestDatabase;
let db: Db;

beforeEach(async () => {
  database = await createTestDatabase();
  db = database.open();
});

afterEach(async () => {
  await db.close();
  await database.drop();
});

const insertUser = compiledQuery((handle, user: { id: string; name: string; nameKey: string; active: boolean }) =>
  handle.insertInto('users').values({ id: user.id, name: user.name, class: 'PPTI 21', name_key: user.nameKey, active: user.active }),
);

// `active = true` is a value of the query itself, not of a call: it must stay in every run.
const activeNamesIn = compiledQuery((handle, on: { first: string; second: string }) =>
  handle.selectFrom('users').select('name').where('id', 'in', [on.first, on.second]).where('active', '=', true).orderBy('name'),
);

describe('a query compiled once', () => {
  it("runs each call with that call's values, on the database and inside a transaction", async () => {
    await insertUser(db.kysely, { id: 'U1', name: 'Ayu', nameKey: 'ayu', active: true });
    await db.kysely.transaction().execute(async (trx) => {
      await insertUser(trx, { id: 'U2', name: 'Budi', nameKey: 'budi', active: true });
      await insertUser(trx, { id: 'U3', name: 'Citra', nameKey: 'citra', active: false });
    });

    const names = async (first: string, second: string) => (await activeNamesIn(db.kysely, { first, second })).rows.map((row) => row.name);
    expect(await names('U1', 'U2')).toEqual(['Ayu', 'Budi']);
    expect(await names('U2', 'U2')).toEqual(['Budi']);
    expect(await names('U1', 'U3')).toEqual(['Ayu']);
    const rows = await db.kysely.selectFrom('users').select(['id', 'name', 'name_key']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'U1', name: 'Ayu', name_key: 'ayu' },
      { id: 'U2', name: 'Budi', name_key: 'budi' },
      { id: 'U3', name: 'Citra', name_key: 'citra' },
    ]);
  });

  it('refuses a call that leaves a value out rather than binding NULL', async () => {
    const values = { first: 'U1' } as { first: string; second: string };
    await expect(activeNamesIn(db.kysely, values)).rejects.toThrow("compiledQuery: no value for 'second'");
  });
});
