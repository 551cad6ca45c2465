import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowerChatMessages } from '../../src/domain/chat/borrower-chat-messages';
import { messages } from '../../src/domain/text/messages';
import { hashSecret } from '../../src/server/chat/link';
import { adminClient, loginCookie } from '../helpers/admin-fixtures';
import { bookingBody, postBooking } from '../helpers/booking-fixtures';
import { createTestClock } from '../helpers/clock';
import { type FakeTelegram, startFakeTelegram } from '../helpers/fake-telegram';
import { seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const DATE = '2026-11-23';
const texts = { ...messages.borrowerChat, ...borrowerChatMessages };

/** A device secret or link code as the app makes them: 43 base64url characters. */
const secret = (seed: string) => seed.repeat(43).slice(0, 43);

describe(`borrowers in the chat on ${TEST_ENGINE}`, () => {
  let telegram: FakeTelegram;
  let testApp: TestApp;
  let api: ReturnType<typeof adminClient>;
  const clock = createTestClock();

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    testApp = await startTestApp({ now: clock.now, telegram: telegram.telegram, bot: {} });
    const [admin] = await seedRoster(testApp.db);
    if (!admin) throw new Error('no admin');
    api = adminClient(testApp.baseUrl, await loginCookie(testApp.baseUrl, admin));
  });
  afterAll(async () => {
    await testApp.close();
    await telegram.close();
  });

  async function book(start: string, end: string, name = 'Budi Santoso'): Promise<{ token: string; ref: string }> {
    const reply = await postBooking(testApp.baseUrl, bookingBody({ name, date: DATE, start, end, needStnk: 'tidak' }));
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const row = await testApp.db.kysely
      .selectFrom('borrow_request')
      .select('ref')
      .where('borrow_date', '=', DATE)
      .where('start_time', '=', start)
      .executeTakeFirstOrThrow();
    return { token: reply.body.cancelToken, ref: row.ref ?? '' };
  }

  const link = (deviceSecret: string, tokens: string[]) =>
    requestJson(testApp.baseUrl, '/api/telegram/link', { body: { deviceSecret, tokens } });

  async function codeFor(deviceSecret: string, tokens: string[]): Promise<string> {
    const reply = await link(deviceSecret, tokens);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const url = new URL(reply.body.url);
    expect(`${url.origin}${url.pathname}`).toBe(`https://t.me/${telegram.botUsername}`);
    return url.searchParams.get('start') ?? '';
  }

  const inChat = (chatId: string) =>
    telegram.delivered.filter((message) => String(message.chatId) === chatId).map((message) => message.text);

  async function say(chatId: string, text: string, expected: string): Promise<void> {
    const before = inChat(chatId).length;
    telegram.pushUpdate(telegram.textUpdate(text, chatId));
    await waitUntil(`a reply to ${text} in ${chatId}`, () => inChat(chatId).length > before);
    expect(inChat(chatId).at(-1)).toBe(expected);
  }

  it('links a chat by a one-use code stored hashed; unknown, used and expired codes are refused; groups are ignored', async () => {
    const { token } = await book('09:00', '10:00');
    const device = secret('a');
    const code = await codeFor(device, [token]);
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await testApp.db.kysely.selectFrom('borrower_link_code').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(stored.map((row) => row.code_hash)).toContain(hashSecret(code));

    // A group (not the owner's) gets no answer, and the code stays unused.
    telegram.pushUpdate(telegram.textUpdate(`/start ${code}`, '-100555', 'group'));
    await say('1001', `/start ${code}`, texts.linked('Budi Santoso'));
    expect(inChat('-100555')).toEqual([]);
    await say('1002', `/start ${code}`, texts.codeInvalid);
    await say('1002', `/start ${secret('z')}`, texts.codeInvalid);
    await say('1002', '/start', texts.codeInvalid);

    const late = await codeFor(device, [token]);
    clock.advance(61 * 60_000);
    await say('1002', `/start ${late}`, texts.codeInvalid);
  });

  it('refuses a code for secrets that name no booking, and a malformed device secret', async () => {
    expect((await link(secret('b'), ['x'.repeat(22)])).status).toBe(404);
    expect((await link('short', ['x'.repeat(22)])).status).toBe(400);
  });

  it('tells only the linked chats of a booking cancelled by the admin; /berhenti unlinks', async () => {
    const mine = await book('11:00', '12:00');
    const other = await book('13:00', '14:00', 'Rizky Maulana');
    await say('2001', `/start ${await codeFor(secret('c'), [mine.token])}`, texts.linked('Budi Santoso'));
    await say('2002', `/start ${await codeFor(secret('d'), [other.token])}`, texts.linked('Rizky Maulana'));

    const reply = await api.post(`/api/admin/bookings/${mine.ref}/cancel`, { reason: 'Motor di bengkel' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    await waitUntil('the cancellation in 2001', () => inChat('2001').length === 2);
    expect(inChat('2001').at(-1)).toBe(
      'Peminjaman kamu Senin, 23 November 2026 jam 11:00-12:00 dibatalkan oleh admin Admin Uji: Motor di bengkel.',
    );

    // The borrower's own cancellation is not told back to them.
    const own = await requestJson(testApp.baseUrl, '/api/bookings/cancel', { body: { token: other.token } });
    expect(own.status).toBe(200);
    await say('2002', '/berhenti', texts.unlinked);
    await say('2002', '/saya', texts.notLinked);
    expect(inChat('2002')).toEqual([texts.linked('Rizky Maulana'), texts.unlinked, texts.notLinked]);
    expect(await testApp.db.kysely.selectFrom('borrower_chat').selectAll().where('chat_id', '=', '2002').execute()).toEqual([]);
  });

  it('a later booking from a linked device is linked too; /saya lists the coming ones', async () => {
    const first = await book('15:00', '16:00');
    const device = secret('e');
    await say('3001', `/start ${await codeFor(device, [first.token])}`, texts.linked('Budi Santoso'));
    const later = await book('17:00', '18:00');
    const attach = await requestJson(testApp.baseUrl, '/api/telegram/device-bookings', {
      body: { deviceSecret: device, token: later.token },
    });
    expect(attach.body).toEqual({ linked: true });
    const unknown = await requestJson(testApp.baseUrl, '/api/telegram/device-bookings', {
      body: { deviceSecret: secret('f'), token: later.token },
    });
    expect(unknown.body).toEqual({ linked: false });
    await say(
      '3001',
      '/saya',
      `${texts.mineTitle}\nSenin, 23 November 2026 15:00-16:00 (Budi Santoso)\nSenin, 23 November 2026 17:00-18:00 (Budi Santoso)`,
    );
    const jadwal = inChat('3001').length;
    telegram.pushUpdate(telegram.textUpdate('/besok', '3001'));
    await waitUntil('the public schedule', () => inChat('3001').length > jadwal);
    expect(inChat('3001').at(-1)).toContain('15:00 - 16:00 Budi Santoso (PPTI 21)');
  });
});
