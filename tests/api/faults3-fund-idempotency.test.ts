import { afterEach, describe, expect, it } from 'vitest';
import { commitThenKillThenResend, memberOf } from '../helpers/frozen-write';
import { ADMIN, BUDI } from '../helpers/roster';
import type { ServerProcess } from '../helpers/server-process';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

// FOR THE LEAD: turn on once `POST /api/admin/kas/payments` answers through idempotentWrite
// (src/server/http/idempotent-write.ts, decision 0055). Before that it fails: the payment is
// stored twice and `Saldo kas` is 2 × 25.000.
const PAYMENTS_ARE_IDEMPOTENT = false;

let database: TestDatabase | undefined;
const servers: ServerProcess[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop('SIGKILL');
  await database?.drop();
  database = undefined;
});

describe.runIf(PAYMENTS_ARE_IDEMPOTENT)('a payment committed by an instance killed before it answered, sent again with its key', () => {
  it('is recorded once: Saldo kas moves by the payment once', async () => {
    database = await createTestDatabase({ roster: [ADMIN, BUDI] });
    const admin = await memberOf(database, ADMIN.name);
    const budi = await memberOf(database, BUDI.name);
    const body = { member: budi.ref, amount: 25_000, method: 'Tunai', date: '2026-11-01', note: 'Iuran' };
    const submit = { method: 'POST', path: '/api/admin/kas/payments', body, key: 'bayar-1' } as const;

    const { status, api } = await commitThenKillThenResend(database, admin, submit, servers);

    expect(status).toBe(201);
    expect((await api.get('/api/admin/kas')).body.balance).toBe(25_000);
  });
});
