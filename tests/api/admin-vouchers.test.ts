import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { VOUCHER_CODE_PATTERN } from '../../src/domain/booking/voucher-code';
import type { User } from '../../src/server/roster/repository';
import { generateVoucher } from '../../src/server/vouchers/service';
import { loginCookie } from '../helpers/admin-fixtures';
import { createTestClock } from '../helpers/clock';
import { seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

describe(`voucher generation on ${TEST_ENGINE}`, () => {
  const apps: TestApp[] = [];
  let admin: User;
  let student: User;

  async function start() {
    const clock = createTestClock();
    const testApp = await startTestApp({ now: clock.now });
    apps.push(testApp);
    [admin, student] = (await seedRoster(testApp.db)) as [User, User];
    const cookie = await loginCookie(testApp.baseUrl, admin);
    const generate = () =>
      requestJson(testApp.baseUrl, '/api/admin/vouchers', { method: 'POST', headers: { cookie, origin: testApp.baseUrl } });
    const list = () => requestJson(testApp.baseUrl, '/api/admin/vouchers', { headers: { cookie } });
    return { testApp, clock, cookie, generate, list };
  }

  afterEach(async () => {
    for (const testApp of apps.splice(0)) await testApp.close();
  });

  it('creates an unused voucher VCH-XXXXXX (A-Z0-9) and answers 201 with its code and time', async () => {
    const { testApp, clock, generate } = await start();
    const reply = await generate();
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ voucher: { code: expect.stringMatching(/^VCH-[A-Z0-9]{6}$/), createdAt: clock.now().toISOString() } });
    expect(reply.headers.get('cache-control')).toBe('no-store');
    const rows = await testApp.db.kysely.selectFrom('vouchers').selectAll().execute();
    expect(rows.map((row) => ({ ...row, is_used: Boolean(row.is_used) }))).toEqual([
      {
        code: reply.body.voucher.code,
        is_used: false,
        created_at: clock.now().toISOString(),
        created_by: admin.id,
        note: null,
        revoked_at: null,
        revoked_by: null,
      },
    ]);
  });

  it('makes 200 distinct codes in 200 generations, 20 at a time', async () => {
    const { testApp, generate } = await start();
    const codes: string[] = [];
    for (let batch = 0; batch < 10; batch++) {
      const replies = await Promise.all(Array.from({ length: 20 }, generate));
      for (const reply of replies) {
        expect(reply.status).toBe(201);
        codes.push(reply.body.voucher.code);
      }
    }
    expect(codes.every((code) => VOUCHER_CODE_PATTERN.test(code))).toBe(true);
    expect(new Set(codes).size).toBe(200);
    const stored = await testApp.db.kysely.selectFrom('vouchers').select('code').execute();
    expect(stored.map((row) => row.code).sort()).toEqual([...codes].sort());
  });

  it('draws again when a code exists already, and never hands it out or touches it', async () => {
    const { testApp } = await start();
    await testApp.db.kysely
      .insertInto('vouchers')
      .values({ code: 'VCH-AAAAAA', is_used: true, created_at: null, created_by: null })
      .execute();
    // Byte 0 is 'A' and byte 1 is 'B': the first draw collides, the second does not.
    const draws = [0, 0, 1];
    const randomBytes = (size: number) => new Uint8Array(size).fill(draws.shift() ?? 2);
    const voucher = await generateVoucher(testApp.db.kysely, { admin, now: new Date(), randomBytes });
    expect(voucher.code).toBe('VCH-BBBBBB');
    const old = await testApp.db.kysely.selectFrom('vouchers').selectAll().where('code', '=', 'VCH-AAAAAA').executeTakeFirstOrThrow();
    expect({ ...old, is_used: Boolean(old.is_used) }).toMatchObject({
      code: 'VCH-AAAAAA',
      is_used: true,
      created_at: null,
      created_by: null,
    });
  });

  it('gives up rather than return a taken code when every draw collides', async () => {
    const { testApp } = await start();
    await testApp.db.kysely
      .insertInto('vouchers')
      .values({ code: 'VCH-AAAAAA', is_used: false, created_at: null, created_by: null })
      .execute();
    const zeros = (size: number) => new Uint8Array(size);
    await expect(generateVoucher(testApp.db.kysely, { admin, now: new Date(), randomBytes: zeros })).rejects.toThrow(
      'no free voucher code',
    );
  });

  it("answers 500 'Gagal generate voucher' when the insert fails", async () => {
    const { testApp, generate } = await start();
    await sql`alter table vouchers rename to vouchers_gone`.execute(testApp.db.kysely);
    const reply = await generate();
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual({ message: 'Gagal generate voucher' });
  });

  it('lists every voucher newest first, with the name and date of the booking that used it', async () => {
    const { testApp, clock, generate, list } = await start();
    await testApp.db.kysely
      .insertInto('vouchers')
      .values({ code: 'VCH-OLD000', is_used: true, created_at: null, created_by: null })
      .execute();
    const first = (await generate()).body.voucher;
    clock.advance(60_000);
    const second = (await generate()).body.voucher;
    clock.advance(60_000);
    const third = (await generate()).body.voucher;
    await testApp.db.kysely.updateTable('vouchers').set({ is_used: true }).where('code', '=', first.code).execute();
    await testApp.db.kysely
      .insertInto('borrow_request')
      .values({
        users_id: student.id,
        borrow_date: '2026-11-23',
        start_time: '08:00',
        end_time: '14:00',
        end_date: '2026-11-23',
        reason: first.code,
        need_stnk: false,
        voucher_code: first.code,
        created_at: clock.now().toISOString(),
      })
      .execute();

    const generated = (voucher: { code: string; createdAt: string }) => ({
      code: voucher.code,
      note: null,
      createdAt: voucher.createdAt,
      createdBy: 'Admin Uji',
      revokedAt: null,
    });
    const reply = await list();
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.body).toEqual({
      vouchers: [
        { ...generated(third), status: 'unused', usedBy: null },
        { ...generated(second), status: 'unused', usedBy: null },
        {
          ...generated(first),
          status: 'used',
          usedBy: { name: 'Budi Santoso', date: '2026-11-23', start: '08:00', end: '14:00', endDate: '2026-11-23' },
        },
        // From the original app: no time, no creator, and no record of the booking.
        { code: 'VCH-OLD000', note: null, createdAt: null, createdBy: null, status: 'used', usedBy: null, revokedAt: null },
      ],
    });
  });

  it('lists nothing before the first voucher', async () => {
    const { list } = await start();
    expect((await list()).body).toEqual({ vouchers: [] });
  });
});
