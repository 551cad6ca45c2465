import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '../../src/server/roster/repository';
import { adminClient, loginCookie } from '../helpers/admin-fixtures';
import { bookingBody, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { chatTexts, sayIn } from '../helpers/borrower-chat';
import { createTestClock, type TestClock } from '../helpers/clock';
import { type FakeTelegram, startFakeTelegram } from '../helpers/fake-telegram';
import { CLASS_ROSTER, RIZKY, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp, type TestAppOptions } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const TODAY = '2026-11-22';
const MAIN = '-100987654';
const BEAT_OWNER = '5550001';
const MINUTE = 60_000;

async function ownersApp(clock: TestClock, bot: TestAppOptions['bot'] = {}) {
  const telegram: FakeTelegram = await startFakeTelegram({ chatId: MAIN });
  cleanups.push(() => telegram.close());
  const testApp: TestApp = await startTestApp({ now: clock.now, telegram: telegram.telegram, bot });
  cleanups.push(() => testApp.close());
  current = testApp;
  const [admin] = (await seedRoster(testApp.db, CLASS_ROSTER)) as [User];
  const cookie = await loginCookie(testApp.baseUrl, admin);
  return { telegram, testApp, api: adminClient(testApp.baseUrl, cookie), cookie };
}

type Api = Awaited<ReturnType<typeof ownersApp>>['api'];

async function addBeat(api: Api): Promise<void> {
  expect((await api.post('/api/admin/motors', { name: 'Beat hitam', plate: '' })).status).toBe(201);
}

async function ownerCode(api: Api, id = 2): Promise<string> {
  const made = await api.post(`/api/admin/motors/${id}/owner-code`);
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.code;
}

/** The test's app, whose outbox `say` lets drain first. */
let current: TestApp | undefined;

async function say(telegram: FakeTelegram, chatId: string, text: string): Promise<string> {
  if (!current) throw new Error('no app yet');
  return sayIn(telegram, current, chatId, text);
}

async function book(testApp: TestApp, body: Record<string, unknown>): Promise<string> {
  const reply = await postBooking(testApp.baseUrl, {
    ...bookingBody({ date: TODAY, start: '09:00', end: '10:00', reason: 'Kuliah', needStnk: 'tidak' }),
    ...body,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  const row = await testApp.db.kysely
    .selectFrom('borrow_request as b')
    .innerJoin('users as u', 'u.id', 'b.users_id')
    .select('b.ref')
    .where('u.name', '=', String(body.name ?? 'Budi Santoso'))
    .where('b.cancelled_at', 'is', null)
    .orderBy('b.id', 'desc')
    .executeTakeFirstOrThrow();
  return row.ref ?? '';
}

const buttons = (telegram: FakeTelegram, messageId: number) =>
  (telegram.chat.get(messageId)?.replyMarkup?.inline_keyboard ?? []).map((row) => row.map((button) => button.text));

const LINKED = 'Siap! Chat ini sekarang menerima pemberitahuan untuk motor Beat hitam.';
const INVALID = 'Kode pemilik tidak berlaku. Minta admin membuat kode baru di tab Motor.';

describe(`linking a bike's owner chat on ${TEST_ENGINE}`, () => {
  it('a one-time code from the Motor tab links a private chat; used, wrong and expired codes are refused', async () => {
    const clock = createTestClock(jakartaInstant(TODAY, '06:00'));
    const { telegram, testApp, api } = await ownersApp(clock);
    await addBeat(api);
    expect((await api.post('/api/admin/motors/1/owner-code')).status).toBe(409);
    expect((await api.post('/api/admin/motors/9/owner-code')).status).toBe(404);
    expect((await requestJson(testApp.baseUrl, '/api/admin/motors/2/owner-code', { method: 'POST', body: {} })).status).toBe(401);

    const made = await api.post('/api/admin/motors/2/owner-code');
    expect(made.body).toEqual({
      code: expect.stringMatching(/^[A-HJ-NP-Z2-9]{12}$/),
      bot: telegram.botUsername,
      expiresAt: '2026-11-22T00:00:00.000Z',
    });
    expect((await api.get('/api/admin/audit')).body.entries[0]).toMatchObject({
      action: 'motorbike-edited',
      target: 'Beat hitam',
      detail: 'Kode pemilik dibuat',
    });
    const stored = await testApp.db.kysely
      .selectFrom('motorbike')
      .select('owner_link_code_hash')
      .where('id', '=', 2)
      .executeTakeFirstOrThrow();
    expect(stored.owner_link_code_hash).toMatch(/^[0-9a-f]{64}$/);

    expect(await say(telegram, '5550009', '/start ABCDEFGHJKLM')).toBe(INVALID);
    expect(await say(telegram, BEAT_OWNER, `/start ${made.body.code.toLowerCase()}`)).toBe(LINKED);
    expect(await say(telegram, '5550002', `/start ${made.body.code}`)).toBe(INVALID);
    const bikes = (await api.get('/api/admin/motors')).body.bikes;
    expect(bikes.map((bike: { owner: string }) => bike.owner)).toEqual(['main-chat', 'linked']);

    const late = await ownerCode(api);
    clock.advance(61 * MINUTE);
    expect(await say(telegram, '5550003', `/start ${late}`)).toBe(INVALID);
    const owner = await testApp.db.kysely.selectFrom('motorbike').select('owner_chat_id').where('id', '=', 2).executeTakeFirstOrThrow();
    expect(owner.owner_chat_id).toBe(BEAT_OWNER);
  });

  it('without the bot no code is made', async () => {
    const testApp = await startTestApp({ now: createTestClock(jakartaInstant(TODAY, '06:00')).now });
    cleanups.push(() => testApp.close());
    const [admin] = (await seedRoster(testApp.db, CLASS_ROSTER)) as [User];
    const api = adminClient(testApp.baseUrl, await loginCookie(testApp.baseUrl, admin));
    await addBeat(api);
    expect(await api.post('/api/admin/motors/2/owner-code')).toMatchObject({
      status: 503,
      body: { message: 'Bot Telegram belum aktif, kode pemilik belum bisa dibuat.' },
    });
  });

  it('the same Idempotency-Key answers the same code, made and audited once', async () => {
    const clock = createTestClock(jakartaInstant(TODAY, '06:00'));
    const { testApp, api, cookie } = await ownersApp(clock);
    await addBeat(api);
    const headers = { cookie, origin: testApp.baseUrl, 'idempotency-key': 'owner-code-1' };
    const first = await requestJson(testApp.baseUrl, '/api/admin/motors/2/owner-code', { method: 'POST', body: {}, headers });
    const again = await requestJson(testApp.baseUrl, '/api/admin/motors/2/owner-code', { method: 'POST', body: {}, headers });
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const audits = (await api.get('/api/admin/audit')).body.entries.filter(
      (entry: { detail: string }) => entry.detail === 'Kode pemilik dibuat',
    );
    expect(audits).toHaveLength(1);
  });
});

describe(`each bike's owner hears their own bike on ${TEST_ENGINE}`, () => {
  it('two owner chats: notices, reminders, digests and cancellations each go to their bike’s owner only', async () => {
    const clock = createTestClock(jakartaInstant(TODAY, '06:00'));
    const { telegram, testApp, api } = await ownersApp(clock, { reminderMinutes: 60, digestTime: '07:00' });
    await addBeat(api);
    expect(await say(telegram, BEAT_OWNER, `/start ${await ownerCode(api)}`)).toBe(LINKED);

    const budi = await book(testApp, { motorId: 1 });
    const rizky = await book(testApp, { name: RIZKY.name, motorId: 2 });
    await waitUntil('both notices', () => chatTexts(telegram, MAIN).length === 1 && chatTexts(telegram, BEAT_OWNER).length === 2);
    expect(chatTexts(telegram, MAIN)[0]).toContain('Budi Santoso');
    expect(chatTexts(telegram, BEAT_OWNER)[1]).toContain('Rizky Maulana');
    expect(chatTexts(telegram, BEAT_OWNER).join('\n')).not.toContain('Budi Santoso');

    clock.advance(60 * MINUTE);
    await waitUntil('both digests', () => chatTexts(telegram, MAIN).length === 2 && chatTexts(telegram, BEAT_OWNER).length === 3);
    expect(chatTexts(telegram, MAIN)[1]).toContain('Budi Santoso');
    expect(chatTexts(telegram, MAIN)[1]).not.toContain('Rizky Maulana');
    expect(chatTexts(telegram, BEAT_OWNER)[2]).toContain('Rizky Maulana');
    expect(chatTexts(telegram, BEAT_OWNER)[2]).not.toContain('Budi Santoso');

    clock.advance(90 * MINUTE);
    await waitUntil('both reminders', () => chatTexts(telegram, MAIN).length === 3 && chatTexts(telegram, BEAT_OWNER).length === 4);
    expect(chatTexts(telegram, MAIN)[2]).toBe('Siapkan kunci untuk Budi Santoso (PPTI 21) jam 09:00.');
    expect(chatTexts(telegram, BEAT_OWNER)[3]).toBe('Siapkan kunci untuk Rizky Maulana (PPTI 22) jam 09:00.');

    // Batalkan under the Beat's notice, in its owner's chat: the cancellation is told there too.
    const notice = telegram.delivered.find((message) => String(message.chatId) === BEAT_OWNER && message.text.includes('Rizky'));
    if (!notice) throw new Error('no notice in the owner chat');
    await waitUntil('the notice recorded', async () => {
      const row = await testApp.db.kysely
        .selectFrom('outbox')
        .select('sent_message_id')
        .where('dedupe_key', '=', `booking:${rizky}`)
        .executeTakeFirst();
      return row?.sent_message_id === notice.messageId;
    });
    telegram.pushUpdate(telegram.callbackUpdate(`c:${rizky}`, notice.messageId, BEAT_OWNER));
    await waitUntil('the confirmation', () => (telegram.chat.get(notice.messageId)?.replyMarkup?.inline_keyboard.length ?? 0) === 2);
    telegram.pushUpdate(telegram.callbackUpdate(`y:${rizky}`, notice.messageId, BEAT_OWNER));
    await waitUntil('the cancellation told', () => chatTexts(telegram, BEAT_OWNER).some((text) => text.includes('Peminjaman dibatalkan')));
    expect(chatTexts(telegram, MAIN).join('\n')).not.toContain('Rizky Maulana');
    await waitUntil('the notice marked', () => telegram.chat.get(notice.messageId)?.text.endsWith('❌ Dibatalkan') === true);
    const budiRow = await testApp.db.kysely
      .selectFrom('borrow_request')
      .select('cancelled_at')
      .where('ref', '=', budi)
      .executeTakeFirstOrThrow();
    expect(budiRow.cancelled_at).toBeNull();
  });

  it('commands in each owner chat act on their own bike only; the main owner of two bikes is asked which', async () => {
    const clock = createTestClock(jakartaInstant(TODAY, '06:00'));
    const { telegram, testApp, api } = await ownersApp(clock);
    await addBeat(api);
    await book(testApp, { motorId: 1 });
    const rizky = await book(testApp, { name: RIZKY.name, motorId: 2 });
    await waitUntil('both notices', () => chatTexts(telegram, MAIN).length === 2);

    // Both bikes are still the main owner's: `/ambil` asks which bike, and goes on with the one pressed.
    clock.advance(jakartaInstant(TODAY, '08:50').getTime() - clock.now().getTime());
    expect(await say(telegram, MAIN, '/kembali')).toBe('Tidak ada motor yang sedang dipinjam.');
    expect(await say(telegram, MAIN, '/ambil')).toBe('Motor yang mana?');
    const choice = telegram.delivered.at(-1)?.messageId ?? 0;
    expect(buttons(telegram, choice)).toEqual([['Motor PPTI 21'], ['Beat hitam']]);
    await waitUntil('the question recorded', async () => {
      const rows = await testApp.db.kysely.selectFrom('outbox').select('sent_message_id').where('kind', '=', 'reply').execute();
      return rows.some((row) => row.sent_message_id === choice);
    });
    const before = chatTexts(telegram, MAIN).length;
    telegram.pushUpdate(telegram.callbackUpdate('m:p:2', choice));
    await waitUntil('the pickup told', () => chatTexts(telegram, MAIN).length > before);
    expect(chatTexts(telegram, MAIN).at(-1)).toBe('Rizky Maulana (PPTI 22) tercatat mengambil motor jam 08:50.');
    await waitUntil('the question without buttons', () => buttons(telegram, choice).length === 0);
    expect(await say(telegram, MAIN, '/sekarang')).toBe(
      'Motor PPTI 21: Motor sedang tidak dipakai. Berikutnya: Budi Santoso (PPTI 21), hari ini jam 09:00.\n' +
        'Beat hitam: Motor sedang dipakai Rizky Maulana (PPTI 22) sampai jam 10:00.',
    );

    // The main owner's two bikes: each line of the day names its bike.
    const bothBikes = (await say(telegram, MAIN, '/jadwal')).split('\n').slice(1);
    expect(bothBikes).toEqual([
      expect.stringMatching(/Budi Santoso .* · Motor: Motor PPTI 21$/),
      expect.stringMatching(/Rizky Maulana .* · Motor: Beat hitam$/),
    ]);

    expect(await say(telegram, BEAT_OWNER, `/start ${await ownerCode(api)}`)).toBe(LINKED);
    const jadwalMain = await say(telegram, MAIN, '/jadwal');
    expect(jadwalMain).toContain('Budi Santoso');
    expect(jadwalMain).not.toContain('Rizky Maulana');
    expect(jadwalMain).not.toContain('Motor:');
    const jadwalBeat = await say(telegram, BEAT_OWNER, '/jadwal');
    expect(jadwalBeat).toContain('Rizky Maulana');
    expect(jadwalBeat).not.toContain('Budi Santoso');
    expect(await say(telegram, BEAT_OWNER, '/sekarang')).toBe('Motor sedang dipakai Rizky Maulana (PPTI 22) sampai jam 10:00.');

    // Each chat's commands now act on its own bike only.
    expect(await say(telegram, BEAT_OWNER, '/ambil')).toBe('Tidak ada motor yang bisa diambil sekarang.');
    expect(await say(telegram, MAIN, '/ambil')).toBe('Budi Santoso (PPTI 21) tercatat mengambil motor jam 08:50.');
    expect(await say(telegram, BEAT_OWNER, '/kembali')).toContain('Rizky Maulana');
    await waitUntil('the kilometre question', () => chatTexts(telegram, BEAT_OWNER).at(-1)?.startsWith('Berapa kilometer') === true);
    expect(await say(telegram, BEAT_OWNER, '12345')).toBe('Kilometer dicatat: 12.345 km.');
    const rows = await testApp.db.kysely.selectFrom('borrow_request').select(['ref', 'returned_at']).orderBy('id').execute();
    expect(rows.map((row) => [row.ref === rizky, row.returned_at !== null])).toEqual([
      [false, false],
      [true, true],
    ]);
    // `/kas` stays the main owner's: a bike owner's chat answers it with its own help (0061).
    expect(await say(telegram, BEAT_OWNER, '/kas')).toBe(await say(telegram, BEAT_OWNER, '/bantuan'));
  });
});

describe(`a bike's Tidak tersedia period in its owner's chat on ${TEST_ENGINE}`, () => {
  it('/sekarang in each owner chat tells only its own bike’s period', async () => {
    const clock = createTestClock(jakartaInstant(TODAY, '08:00'));
    const { telegram, api } = await ownersApp(clock);
    await addBeat(api);
    expect(await say(telegram, BEAT_OWNER, `/start ${await ownerCode(api)}`)).toBe(LINKED);
    const period = { fromDate: TODAY, fromTime: '07:00', untilDate: TODAY, untilTime: '12:00', reason: 'Ban bocor', motorId: 2 };
    const created = await api.post('/api/admin/out-of-service', { period, decision: 'keep' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    expect(await say(telegram, BEAT_OWNER, '/sekarang')).toContain('Ban bocor');
    const main = await say(telegram, MAIN, '/sekarang');
    expect(main).not.toContain('Ban bocor');
    expect(main).toContain('Motor sedang tidak dipakai');
  });
});

describe(`a return's charge on ${TEST_ENGINE}`, () => {
  it('goes to the owner chat of the returned bike', async () => {
    const clock = createTestClock(jakartaInstant(TODAY, '06:00'));
    const { telegram, testApp, api } = await ownersApp(clock);
    await addBeat(api);
    expect(await say(telegram, BEAT_OWNER, `/start ${await ownerCode(api)}`)).toBe(LINKED);
    const rizky = await book(testApp, { name: RIZKY.name, motorId: 2 });
    await waitUntil('the notice in the bike’s chat', () =>
      chatTexts(telegram, BEAT_OWNER).some((text) => text.includes('Peminjaman motor baru')),
    );
    clock.advance(jakartaInstant(TODAY, '08:55').getTime() - clock.now().getTime());
    expect(await say(telegram, BEAT_OWNER, '/ambil')).toBe('Rizky Maulana (PPTI 22) tercatat mengambil motor jam 08:55.');
    clock.advance(jakartaInstant(TODAY, '11:00').getTime() - clock.now().getTime());
    expect(await say(telegram, BEAT_OWNER, '/kembali')).toContain('Rizky Maulana');

    await waitUntil('the charge queued', async () => {
      const rows = await testApp.db.kysely.selectFrom('outbox').select('id').where('dedupe_key', '=', `charged:${rizky}`).execute();
      return rows.length === 1;
    });
    const charged = await testApp.db.kysely
      .selectFrom('outbox')
      .select(['chat_id', 'payload'])
      .where('dedupe_key', '=', `charged:${rizky}`)
      .executeTakeFirstOrThrow();
    expect(charged.chat_id).toBe(BEAT_OWNER);
    expect(JSON.parse(charged.payload).text).toContain('Rizky Maulana');
  });
});

describe(`one bike on ${TEST_ENGINE}`, () => {
  it('nothing changes: the notice goes to TELEGRAM_CHAT_ID with a null chat, and a code-like /start is a borrower’s', async () => {
    const clock = createTestClock(jakartaInstant(TODAY, '06:00'));
    const { telegram, testApp } = await ownersApp(clock);
    await book(testApp, {});
    await waitUntil('the notice', () => chatTexts(telegram, MAIN).length === 1);
    const rows = await testApp.db.kysely.selectFrom('outbox').select(['kind', 'chat_id']).execute();
    expect(rows).toEqual([{ kind: 'booking', chat_id: null }]);
    expect(await say(telegram, MAIN, '/sekarang')).toBe(
      'Motor sedang tidak dipakai. Berikutnya: Budi Santoso (PPTI 21), hari ini jam 09:00.',
    );
    expect(await say(telegram, '5550004', '/start ABCDEFGHJKLM')).toBe('Kode tidak berlaku. Buka lagi tautan dari aplikasi.');
  });
});
