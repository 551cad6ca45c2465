import { describe, expect, it } from 'vitest';
import { recordPayment } from '../../src/server/fund/service';
import { commitThenKillThenResend, frozenWriteFixtures, memberOf } from '../helpers/frozen-write';
import { ADMIN, BUDI } from '../helpers/roster';

const fixtures = frozenWriteFixtures();

describe('a Kas entry committed by an instance killed before it answered, sent again with its key', () => {
  it('a payment is recorded once: Saldo kas moves by the payment once', async () => {
    const database = await fixtures.createDatabase({ roster: [ADMIN, BUDI] });
    const admin = await memberOf(database, ADMIN.name);
    const budi = await memberOf(database, BUDI.name);
    const body = { member: budi.ref, amount: 25_000, method: 'Tunai', date: '2026-11-01', note: 'Iuran' };
    const submit = { method: 'POST', path: '/api/admin/kas/payments', body, key: 'bayar-1' } as const;

    const { status, body: answer, api } = await commitThenKillThenResend(database, admin, submit, fixtures.servers);

    expect(status).toBe(201);
    expect(answer).toEqual({ ok: true, message: 'Pembayaran Rp25.000 dari Budi Santoso dicatat.' });
    expect((await api.get('/api/admin/kas')).body.balance).toBe(25_000);
  });

  it('an expense is recorded once', async () => {
    const database = await fixtures.createDatabase({ roster: [ADMIN, BUDI] });
    const admin = await memberOf(database, ADMIN.name);
    const body = { category: 'Bensin', amount: 15_000, date: '2026-11-01', note: 'Pertalite' };
    const submit = { method: 'POST', path: '/api/admin/kas/expenses', body, key: 'keluar-1' } as const;

    const { status, api } = await commitThenKillThenResend(database, admin, submit, fixtures.servers);

    expect(status).toBe(201);
    expect((await api.get('/api/admin/kas')).body.balance).toBe(-15_000);
  });

  it('a correction is appended once: the balance moves back once, never below it', async () => {
    const database = await fixtures.createDatabase({ roster: [ADMIN, BUDI] });
    const admin = await memberOf(database, ADMIN.name);
    const budi = await memberOf(database, BUDI.name);
    const db = database.open();
    try {
      const payment = { type: 'payment', member: budi.ref, amount: 40_000, method: 'Tunai', date: '2026-11-01', note: '' } as const;
      await recordPayment(db.kysely, admin, payment, { now: new Date(), timeZone: 'Asia/Jakarta' });
    } finally {
      await db.close();
    }
    const reopened = database.open();
    const entry = await reopened.kysely.selectFrom('ledger_entry').select('id').executeTakeFirstOrThrow();
    await reopened.close();
    const submit = {
      method: 'POST',
      path: `/api/admin/kas/entries/${entry.id}/correction`,
      route: '/api/admin/kas/entries/:id/correction',
      body: { reason: 'Salah anggota' },
      key: 'koreksi-1',
    } as const;

    const { status, api } = await commitThenKillThenResend(database, admin, submit, fixtures.servers);

    expect(status).toBe(201);
    expect((await api.get('/api/admin/kas')).body.balance).toBe(0);
  });
});
