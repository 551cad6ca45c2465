import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outOfServiceMessages } from '../../src/domain/out-of-service/out-of-service-messages';
import type { User } from '../../src/server/roster/repository';
import { adminClient, loginCookie } from '../helpers/admin-fixtures';
import { jakartaInstant } from '../helpers/booking-fixtures';
import { bookOn, chatTexts, deviceSecret, linkChatTo } from '../helpers/borrower-chat';
import { type FakeTelegram, startFakeTelegram } from '../helpers/fake-telegram';
import { ADMIN, BUDI, SITI, seedRoster } from '../helpers/roster';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const DATE = '2026-11-27';
const ROSTER = [ADMIN, BUDI, { name: 'Rizky Maulana', class: 'PPTI 21' }, SITI];

describe(`a Tidak tersedia period told in the borrowers' linked chats, on ${TEST_ENGINE}`, () => {
  let telegram: FakeTelegram;
  let app: TestApp;
  let api: ReturnType<typeof adminClient>;
  let admin: User;
  let now = jakartaInstant('2026-11-26', '08:00').getTime();
  const clock = { now: () => new Date(now), advance: (ms: number) => (now += ms) };

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    app = await startTestApp({ now: clock.now, telegram: telegram.telegram, bot: {} });
    [admin] = (await seedRoster(app.db, ROSTER)) as [User];
    api = adminClient(app.baseUrl, await loginCookie(app.baseUrl, admin));
  });
  afterAll(async () => {
    await app.close();
    await telegram.close();
  });

  const period = (from: string, until: string, reason: string) => ({
    fromDate: DATE,
    fromTime: from,
    untilDate: DATE,
    untilTime: until,
    reason,
  });
  const drained = () =>
    waitUntil('the outbox sent', async () => {
      const unsent = await app.db.kysely.selectFrom('outbox').select('id').where('sent_at', 'is', null).execute();
      return unsent.length === 0;
    });
  const claimed = (ref: string) =>
    waitUntil(`the end of ${ref} claimed`, async () => {
      const row = await app.db.kysely
        .selectFrom('out_of_service')
        .select('back_claimed_at')
        .where('ref', '=', ref)
        .executeTakeFirstOrThrow();
      return row.back_claimed_at !== null;
    });

  it('warns the kept borrower, and tells only the cancelled one, once, that the bike is back', async () => {
    const budi = await bookOn(app, DATE, '09:00', '10:00');
    const rizky = await bookOn(app, DATE, '11:00', '12:00', 'Rizky Maulana');
    await bookOn(app, DATE, '13:00', '14:00', 'Siti Rahmawati');
    await linkChatTo(app, telegram, '5001', deviceSecret('m'), [budi.token]);
    await linkChatTo(app, telegram, '5002', deviceSecret('n'), [rizky.token]);
    const budiChat = chatTexts(telegram, '5001');
    const rizkyChat = chatTexts(telegram, '5002');

    const servis = await api.post('/api/admin/out-of-service', { period: period('08:30', '10:30', 'Servis'), decision: 'cancel' });
    expect(servis.status, JSON.stringify(servis.body)).toBe(201);
    const ban = await api.post('/api/admin/out-of-service', { period: period('10:45', '14:30', 'Ban bocor'), decision: 'keep' });
    expect(ban.status, JSON.stringify(ban.body)).toBe(201);
    await waitUntil(
      'the cancellation and the warning',
      () => chatTexts(telegram, '5001').length > budiChat.length && chatTexts(telegram, '5002').length > rizkyChat.length,
    );
    await drained();
    expect(chatTexts(telegram, '5001').slice(budiChat.length)).toEqual([
      expect.stringMatching(/^Peminjaman kamu .* jam 09:00-10:00 dibatalkan oleh admin Admin Uji: Motor tidak tersedia: Servis\.$/),
    ]);
    expect(chatTexts(telegram, '5002').slice(rizkyChat.length)).toEqual([
      'Motor mungkin belum bisa dipakai untuk peminjamanmu Jumat, 27 November 2026 11:00-12:00: Ban bocor.',
    ]);

    // `Motor sudah siap` ends the first early; the second runs out as planned.
    now = jakartaInstant(DATE, '09:00').getTime();
    api = adminClient(app.baseUrl, await loginCookie(app.baseUrl, admin));
    expect((await api.post(`/api/admin/out-of-service/${servis.body.period.ref}/end`)).status).toBe(200);
    await claimed(servis.body.period.ref);
    now = jakartaInstant(DATE, '15:00').getTime();
    await claimed(ban.body.period.ref);
    now += 60_000;
    await drained();
    expect(chatTexts(telegram, '5001').slice(budiChat.length + 1)).toEqual([outOfServiceMessages.backInService]);
    // Rizky's own reminders may come by now; the bike's return is not among them.
    expect(chatTexts(telegram, '5002')).not.toContain(outOfServiceMessages.backInService);
    const backRows = await app.db.kysely
      .selectFrom('outbox')
      .select('dedupe_key')
      .where('dedupe_key', 'like', 'back-in-service:%')
      .execute();
    expect(backRows).toHaveLength(1);
  });
});
