import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/text/messages';
import type { User } from '../../src/server/roster/repository';
import { loginCookie } from '../helpers/admin-fixtures';
import { commitThenKillThenResend, frozenWriteFixtures, memberOf } from '../helpers/frozen-write';
import { ADMIN, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

const fixtures = frozenWriteFixtures();

describe('an admin write committed by an instance killed before it answered, sent again with its key', () => {
  it('adds the member once and answers the first answer; the key with another body is refused', async () => {
    const database = await fixtures.createDatabase({ roster: [ADMIN] });
    const admin = await memberOf(database, ADMIN.name);
    const body = { name: 'Dewi Lestari', class: 'PPTI 21', admin: true, committee: false };
    const submit = { method: 'POST', path: '/api/admin/members', body, key: 'anggota-1' } as const;

    const { status, body: answer, api, resend, firstAnswered } = await commitThenKillThenResend(database, admin, submit, fixtures.servers);

    expect(firstAnswered).toBe(false);
    expect(status).toBe(201);
    const members = (await api.get('/api/admin/members')).body.members as { name: string; ref: string }[];
    const added = members.filter((member) => member.name === 'Dewi Lestari');
    expect(added).toHaveLength(1);
    expect(answer).toMatchObject({ member: { name: 'Dewi Lestari', ref: added[0]?.ref, admin: true } });
    // The new admin's login code is in the replayed answer too: the first one never arrived.
    expect((answer as { loginCode?: string }).loginCode).toMatch(/^[A-Z2-9]{12}$/);

    const otherBody = await resend({ ...submit, body: { ...body, name: 'Dewi Lain' } });
    expect(otherBody.status).toBe(422);
    expect(otherBody.body.message).toBe(messages.idempotencyKeyReused);
    const afterRefusal = (await api.get('/api/admin/members')).body.members as { name: string }[];
    expect(afterRefusal.map((member) => member.name)).not.toContain('Dewi Lain');
  });

  it('generates the voucher once and answers its code again', async () => {
    const database = await fixtures.createDatabase({ roster: [ADMIN] });
    const admin = await memberOf(database, ADMIN.name);
    const submit = { method: 'POST', path: '/api/admin/vouchers', body: { note: 'Servis' }, key: 'voucher-1' } as const;

    const { status, body: answer, api } = await commitThenKillThenResend(database, admin, submit, fixtures.servers);

    expect(status).toBe(201);
    const vouchers = (await api.get('/api/admin/vouchers')).body.vouchers as { code: string; note: string }[];
    expect(vouchers).toHaveLength(1);
    expect(answer).toMatchObject({ voucher: { code: vouchers[0]?.code } });
    expect(vouchers[0]?.note).toBe('Servis');
  });
});

describe(`the Idempotency-Key of the admin's creating writes on ${TEST_ENGINE}`, () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const testApp of apps.splice(0)) await testApp.close();
  });

  async function start() {
    const testApp = await startTestApp();
    apps.push(testApp);
    const [admin] = (await seedRoster(testApp.db)) as [User];
    const cookie = await loginCookie(testApp.baseUrl, admin);
    const post = (path: string, body: unknown, key?: string) =>
      requestJson(testApp.baseUrl, path, {
        body,
        headers: { cookie, origin: testApp.baseUrl, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      });
    const count = async (table: 'vouchers' | 'users') =>
      Number(
        (
          await testApp.db.kysely
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { post, count };
  }

  it('is checked as the booking form key is: a bad one is refused with nothing written', async () => {
    const { post, count } = await start();
    for (const key of ['', 'x'.repeat(201), 'dengan spasi', 'é']) {
      const reply = await post('/api/admin/vouchers', {}, key);
      expect(reply.status, JSON.stringify(key)).toBe(400);
      expect(reply.body.message).toBe(messages.invalidIdempotencyKey);
    }
    expect(await count('vouchers')).toBe(0);
  });

  it('answers a second send with the first answer, while a new key or no key writes again', async () => {
    const { post, count } = await start();
    const first = await post('/api/admin/vouchers', { note: 'A' }, 'k-1');
    const again = await post('/api/admin/vouchers', { note: 'A' }, 'k-1');
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('cache-control')).toBe('no-store');
    expect(await count('vouchers')).toBe(1);
    expect((await post('/api/admin/vouchers', { note: 'A' }, 'k-2')).status).toBe(201);
    expect((await post('/api/admin/vouchers', { note: 'A' })).status).toBe(201);
    expect(await count('vouchers')).toBe(3);
  });

  it('stores no refusal: the corrected form sent with the same key is saved', async () => {
    const { post, count } = await start();
    const before = await count('users');
    const taken = await post('/api/admin/members', { name: ADMIN.name, class: 'PPTI 21', admin: false, committee: false }, 'k-3');
    expect(taken.status).toBe(409);
    const corrected = await post('/api/admin/members', { name: 'Nama Baru', class: 'PPTI 21', admin: false, committee: false }, 'k-3');
    expect(corrected.status).toBe(201);
    expect(await count('users')).toBe(before + 1);
  });

  it('keeps one key of one route from answering for another', async () => {
    const { post } = await start();
    expect((await post('/api/admin/vouchers', {}, 'sama')).status).toBe(201);
    const member = await post('/api/admin/members', { name: 'Orang Lain', class: 'PPTI 21', admin: false, committee: false }, 'sama');
    expect(member.status).toBe(201);
    expect(member.body.member.name).toBe('Orang Lain');
  });

  it('writes once when the same submit arrives twice at once', async () => {
    const { post, count } = await start();
    const replies = await Promise.all(Array.from({ length: 4 }, () => post('/api/admin/vouchers', { note: 'B' }, 'k-4')));
    expect(replies.map((reply) => reply.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(replies.map((reply) => reply.body.voucher.code)).size).toBe(1);
    expect(await count('vouchers')).toBe(1);
  });
});
