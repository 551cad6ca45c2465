import { describe, expect, it } from 'vitest';
import { commitThenKillThenResend, frozenWriteFixtures, memberOf } from '../helpers/frozen-write';
import { ADMIN, BUDI } from '../helpers/roster';

const fixtures = frozenWriteFixtures();

describe('a Tidak tersedia period committed by an instance killed before it answered, sent again with its key', () => {
  it('is stored once, and the second answer is the same period', async () => {
    const database = await fixtures.createDatabase({ roster: [ADMIN, BUDI] });
    const admin = await memberOf(database, ADMIN.name);
    // The servers run on the real clock: a period two days ahead is in the future whatever the time zone.
    const day = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const period = { fromDate: day, fromTime: '08:00', reason: 'Ganti oli', untilDate: day, untilTime: '10:00' };
    const submit = { method: 'POST', path: '/api/admin/out-of-service', body: { period, decision: 'cancel' }, key: 'bengkel-1' } as const;

    const { status, body, api } = await commitThenKillThenResend(database, admin, submit, fixtures.servers);

    expect(status, JSON.stringify(body)).toBe(201);
    const { periods } = (await api.get('/api/admin/out-of-service')).body as { periods: { ref: string; reason: string }[] };
    expect(periods.map((stored) => stored.reason)).toEqual(['Ganti oli']);
    expect((body as { period: { ref: string } }).period.ref).toBe(periods[0]?.ref);
  });
});
