import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database';
import { BUDI, RIZKY, seedRoster } from '../helpers/roster';
import { runCommand } from '../helpers/server-process';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

// `npm run simulate -- --check URL` on a database with planted violations: the exit code, and the invariant and rows it names.
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function freshDatabase(): Promise<{ database: TestDatabase; db: Db; budi: string; rizky: string }> {
  const database = await createTestDatabase();
  cleanups.push(() => database.drop());
  const db = database.open();
  cleanups.push(() => db.close());
  const [budi, rizky] = await seedRoster(db, [BUDI, RIZKY]);
  return { database, db, budi: budi?.id ?? '', rizky: rizky?.id ?? '' };
}

function check(database: TestDatabase) {
  return runCommand(['node_modules/tsx/dist/cli.mjs', 'scripts/simulate/run.ts', '--check', database.url], {}, { timeoutMs: 60_000 });
}

const booking = (usersId: string, start: string, end: string, extra: Record<string, unknown> = {}) => ({
  users_id: usersId,
  borrow_date: '2026-12-01',
  start_time: start,
  end_time: end,
  reason: `Kuliah ${start}`,
  need_stnk: false,
  created_at: '2026-11-30T01:00:00.000Z',
  ...extra,
});

/** Rizky (PPTI 22) out 10:00-12:00 Jakarta: two hours' rent, Rp20.000 by the rules. */
async function returnedLoan(db: Db, rizky: string): Promise<number> {
  const row = await db.kysely
    .insertInto('borrow_request')
    .values(booking(rizky, '10:00', '12:00', { picked_up_at: '2026-12-01T03:00:00.000Z', returned_at: '2026-12-01T05:00:00.000Z' }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function charge(db: Db, bookingId: number, usersId: string, amount: number, admin: { amount: number; reason: string } | null = null) {
  await db.kysely
    .insertInto('charge')
    .values({
      booking_id: bookingId,
      users_id: usersId,
      lines: JSON.stringify([{ label: 'Sewa 2 jam', amount: 20_000 }]),
      computed_total: 20_000,
      amount,
      provisional: false,
      admin_amount: admin?.amount ?? null,
      admin_reason: admin?.reason ?? null,
      created_at: '2026-12-01T05:00:00.000Z',
      updated_at: '2026-12-01T05:00:00.000Z',
    })
    .execute();
}

describe('npm run simulate -- --check', () => {
  it('holds on a database whose loan, charge and audited change agree', async () => {
    const { database, db, budi, rizky } = await freshDatabase();
    await charge(db, await returnedLoan(db, rizky), rizky, 20_000);
    await db.kysely
      .insertInto('borrow_request')
      .values(booking(budi, '13:00', '15:00'))
      .execute();
    const result = await check(database);
    expect(result.stdout, result.stderr).toContain('all invariants hold');
    expect(result.code).toBe(0);
  });

  it('exits 1 naming no-overlapping-active-bookings and both bookings when two active bookings overlap', async () => {
    const { database, db, budi, rizky } = await freshDatabase();
    await db.kysely
      .insertInto('borrow_request')
      .values([booking(budi, '08:00', '10:00'), booking(rizky, '09:00', '11:00')])
      .execute();
    const result = await check(database);
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(result.stdout).toContain('✖ no-overlapping-active-bookings (1)');
    expect(result.stdout).toMatch(/Budi Santoso 2026-12-01 08:00-10:00 overlaps booking #\d+ \(-\) Rizky Maulana 2026-12-01 09:00-11:00/);
    expect(result.stdout).not.toContain('✖ charge-matches-rules');
  });

  it('a cancelled booking over the same slot breaks nothing', async () => {
    const { database, db, budi, rizky } = await freshDatabase();
    await db.kysely
      .insertInto('borrow_request')
      .values([booking(budi, '08:00', '10:00'), booking(rizky, '09:00', '11:00', { cancelled_at: '2026-11-30T02:00:00.000Z' })])
      .execute();
    const result = await check(database);
    expect(result.code, result.stdout).toBe(0);
  });

  it('exits 1 naming charge-matches-rules when a charge differs from its ride without an audited change', async () => {
    const { database, db, rizky } = await freshDatabase();
    await charge(db, await returnedLoan(db, rizky), rizky, 0);
    const result = await check(database);
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(result.stdout).toContain('✖ charge-matches-rules (1)');
    expect(result.stdout).toContain(
      'Rizky Maulana 2026-12-01 10:00-12:00: amount Rp0 differs from its computed Rp20000 without an audited change',
    );
  });

  it('exits 1 when an admin amount has no charge-changed entry in the audit, and holds once it has', async () => {
    const { database, db, rizky } = await freshDatabase();
    await charge(db, await returnedLoan(db, rizky), rizky, 0, { amount: 0, reason: 'Dibebaskan' });
    const unaudited = await check(database);
    expect(unaudited.code).toBe(1);
    expect(unaudited.stdout).toContain('admin amount Rp0 without a charge-changed entry in the audit');
    await db.kysely
      .insertInto('audit_log')
      .values({
        at: '2026-12-01T06:00:00.000Z',
        actor_user_id: null,
        actor_name: 'Admin Uji',
        action: 'charge-changed',
        target: 'Rizky Maulana, 2026-12-01 10:00',
        detail: 'Rp20.000 → Rp0: Dibebaskan',
        address: null,
      })
      .execute();
    const audited = await check(database);
    expect(audited.stdout, audited.stderr).toContain('all invariants hold');
    expect(audited.code).toBe(0);
  });

  it('exits 1 naming charge-matches-rules when the computed total is not what the rules give for the recorded times', async () => {
    const { database, db, rizky } = await freshDatabase();
    const id = await returnedLoan(db, rizky);
    await db.kysely.updateTable('borrow_request').set({ returned_at: '2026-12-01T06:00:00.000Z' }).where('id', '=', id).execute();
    await charge(db, id, rizky, 20_000);
    const result = await check(database);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/computed Rp20000, the rules give Rp\d+/);
  });
});
