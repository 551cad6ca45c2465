import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/text/messages';
import { waitingListMessages } from '../../src/domain/waiting-list/waiting-list-messages';
import { findBookingChats } from '../../src/server/chat/repository';
import { bookingBody, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { bookOn, chatTexts, deviceSecret, linkChatTo, messageIdIn, outboxSent, pressIn } from '../helpers/borrower-chat';
import type { TestClock } from '../helpers/clock';
import { type FakeTelegram, startFakeTelegram } from '../helpers/fake-telegram';
import { BUDI, RIZKY, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const DATE = '2026-11-23';
const LATER = '2026-11-24';
const texts = waitingListMessages;

describe(`the waiting list on ${TEST_ENGINE}, two instances and a restart`, () => {
  let telegram: FakeTelegram;
  let database: TestDatabase;
  let first: TestApp;
  let second: TestApp;
  let now = jakartaInstant('2026-11-22', '08:00').getTime();
  const clock: TestClock = { now: () => new Date(now), advance: (ms) => (now += ms) };

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    database = await createTestDatabase();
    first = await startTestApp({ now: clock.now, database, telegram: telegram.telegram, bot: {} });
    second = await startTestApp({ now: clock.now, database, telegram: telegram.telegram, bot: {} });
    await seedRoster(first.db, [
      BUDI,
      { name: 'Sari Dewi', class: 'PPTI 21' },
      { name: 'Dewi Lestari', class: 'PPTI 21' },
      RIZKY,
      { name: 'Joko Widodo', class: 'PPTI 22' },
    ]);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.drop();
    await telegram.close();
  });

  const wait = (app: TestApp, device: string, body: Record<string, unknown>) =>
    requestJson(app.baseUrl, '/api/waits', {
      body: { deviceSecret: device, name: 'Sari Dewi', date: DATE, start: '10:00', end: '12:00', reason: 'Ke kampus', ...body },
    });
  const deviceView = (app: TestApp, device: string) => requestJson(app.baseUrl, '/api/waits/device', { body: { deviceSecret: device } });
  const settled = () => outboxSent(first);
  const messageIn = (chatId: string, text: string) => messageIdIn(telegram, chatId, text);
  const press = (data: string, messageId: number, chatId: string) => pressIn(telegram, first, { data, messageId, chatId });
  const offersIn = (chatId: string) =>
    chatTexts(telegram, chatId).filter((text) => /kosong, ditahan untukmu sampai jam \d\d:\d\d\.$/.test(text));
  const offerId = (chatId: string, text: string) => {
    const markup = telegram.chat.get(messageIn(chatId, text))?.replyMarkup?.inline_keyboard;
    return Number(markup?.[0]?.[0]?.callback_data.split(':')[1]);
  };
  /** Links `chatId` to a fresh device through a booking of `name` on a date nobody waits for. */
  async function linkedDevice(seed: string, chatId: string, name: string, start: string): Promise<string> {
    const device = deviceSecret(seed);
    const own = await bookOn(first, '2026-11-28', start, `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00`, name);
    await linkChatTo(first, telegram, chatId, device, [own.token]);
    return device;
  }
  const cancelOwn = async (token: string) =>
    expect((await requestJson(second.baseUrl, '/api/bookings/cancel', { body: { token } })).status).toBe(200);
  const holdUntil = (minutesFromNow: number) =>
    new Date(now + minutesFromNow * 60_000).toLocaleTimeString('en-GB', { timeZone: 'Asia/Jakarta', hour: '2-digit', minute: '2-digit' });

  it('asks for a linked chat, checks the span and the name, keeps at most three per device, lists them in order', async () => {
    expect((await requestJson(first.baseUrl, '/api/today')).body.waitingList).toBe(true);
    const stranger = deviceSecret('q');
    expect(await deviceView(first, stranger)).toMatchObject({ status: 200, body: { linked: false, waits: [] } });
    const unlinked = await wait(first, stranger, {});
    expect(unlinked.status).toBe(409);
    expect(unlinked.body).toEqual({ message: texts.needsLink, needsLink: true });
    expect(unlinked.headers.get('cache-control')).toBe('no-store');

    const device = await linkedDevice('r', '7001', 'Rizky Maulana', '08:00');
    expect((await deviceView(second, device)).body).toEqual({ linked: true, waits: [], taken: [] });
    const refused = async (body: Record<string, unknown>) => {
      const reply = await wait(second, device, body);
      expect(reply.status, JSON.stringify(reply.body)).toBe(422);
      return reply.body.errors;
    };
    expect(await refused({ name: 'Tidak Ada' })).toEqual({ name: messages.nameNotFound });
    expect(await refused({ end: '09:00' })).toEqual({ end: messages.endNotAfterStart });
    expect(await refused({ date: '2026-11-21' })).toEqual({ date: messages.dateInPast });
    expect(await refused({ date: '2027-03-01' })).toEqual({ date: messages.dateBeyondHorizon(90) });
    for (const bad of [{ start: '25:00' }, { date: 'besok' }, { reason: '' }, { deviceSecret: 'pendek' }, { extra: 1 }]) {
      expect((await wait(second, device, bad)).status, JSON.stringify(bad)).toBe(400);
    }

    // Waits for a span that stays booked: none is offered meanwhile.
    await bookOn(first, '2026-11-27', '14:00', '18:00');
    const starts = ['16:00', '14:00', '15:00'];
    for (const start of starts) {
      expect((await wait(first, device, { name: 'Joko Widodo', date: '2026-11-27', start, end: '18:00' })).status).toBe(201);
    }
    expect(await refused({ name: 'Joko Widodo', date: '2026-11-27' })).toEqual({ date: texts.tooMany(3) });
    expect((await deviceView(first, device)).body.waits).toEqual(
      starts.map((start) => ({ name: 'Joko Widodo', date: '2026-11-27', start, end: '18:00' })),
    );
  });

  it('offers a freed span to the first in line only, holds it against every other booking, and Ambil books it through the rules', async () => {
    const budi = await bookOn(first, DATE, '10:00', '12:00');
    const sari = await linkedDevice('s', '7002', 'Sari Dewi', '09:00');
    const dewi = await linkedDevice('d', '7003', 'Dewi Lestari', '10:00');
    expect((await wait(first, sari, {})).status).toBe(201);
    expect((await wait(second, dewi, { name: 'Dewi Lestari' })).status).toBe(201);

    await cancelOwn(budi.token);
    const offer = `Slot Senin, 23 November 2026 jam 10:00-12:00 kosong, ditahan untukmu sampai jam ${holdUntil(15)}.`;
    await waitUntil('the offer to the first in line', () => offersIn('7002').length === 1);
    expect(offersIn('7002')).toEqual([offer]);
    const held = await postBooking(second.baseUrl, bookingBody({ date: DATE, start: '11:30', end: '13:00' }));
    expect(held.status).toBe(422);
    expect(held.body.errors).toEqual({ start: `Slot ini sedang ditawarkan ke peminjam lain sampai jam ${holdUntil(15)}.` });
    expect((await postBooking(first.baseUrl, bookingBody({ date: DATE, start: '12:00', end: '13:00' }))).status).toBe(201);

    const id = offerId('7002', offer);
    expect(await press(`wa:${id}`, messageIn('7002', offer), '7003')).toBeUndefined();
    expect(await press(`wa:${id}`, messageIn('7002', offer), '7002')).toBe(
      'Berhasil! Motor dipesan untuk Sari Dewi Senin, 23 November 2026 jam 10:00-12:00.',
    );
    expect(await press(`wa:${id}`, messageIn('7002', offer), '7002')).toBe(
      'Berhasil! Motor dipesan untuk Sari Dewi Senin, 23 November 2026 jam 10:00-12:00.',
    );
    const taken = await first.db.kysely
      .selectFrom('borrow_request as b')
      .innerJoin('users as u', 'u.id', 'b.users_id')
      .select(['b.id', 'u.name', 'b.start_time', 'b.end_time', 'b.reason'])
      .where('b.borrow_date', '=', DATE)
      .where('b.cancelled_at', 'is', null)
      .where('b.start_time', '=', '10:00')
      .execute();
    expect(taken.map(({ name, start_time, end_time, reason }) => ({ name, start_time, end_time, reason }))).toEqual([
      { name: 'Sari Dewi', start_time: '10:00', end_time: '12:00', reason: 'Ke kampus' },
    ]);
    expect(await findBookingChats(first.db.kysely, taken[0]?.id ?? 0)).toEqual(['7002']);
    await waitUntil(
      'the buttons gone',
      () => (telegram.chat.get(messageIn('7002', offer))?.replyMarkup?.inline_keyboard ?? []).length === 0,
    );
    await settled();
    expect(offersIn('7003')).toEqual([]);
    expect((await deviceView(first, dewi)).body.waits).toHaveLength(1);
  });

  it('Lewati, a refusal and a passed hold each pass the offer on; the hold survives a restart', async () => {
    const budi = await bookOn(first, LATER, '08:00', '12:00');
    const sari = deviceSecret('s');
    const rizky = await linkedDevice('k', '7005', 'Rizky Maulana', '13:00');
    const eka = await linkedDevice('e', '7004', 'Dewi Lestari', '12:00');
    const whole = { date: LATER, start: '08:00', end: '12:00' };
    expect((await wait(first, sari, whole)).status).toBe(201);
    expect((await wait(second, rizky, { ...whole, name: 'Rizky Maulana' })).status).toBe(201);
    expect((await wait(first, eka, { ...whole, name: 'Dewi Lestari' })).status).toBe(201);

    await cancelOwn(budi.token);
    const offer = `Slot Selasa, 24 November 2026 jam 08:00-12:00 kosong, ditahan untukmu sampai jam ${holdUntil(15)}.`;
    await waitUntil('the offer to Sari', () => offersIn('7002').includes(offer));
    expect(await press(`ws:${offerId('7002', offer)}`, messageIn('7002', offer), '7002')).toBe(texts.skipped);
    await waitUntil('the offer to Rizky', () => offersIn('7005').includes(offer));
    expect(offersIn('7004')).toEqual([]);

    await settled();
    await first.close();
    await second.close();
    first = await startTestApp({ now: clock.now, database, telegram: telegram.telegram, bot: {} });
    second = await startTestApp({ now: clock.now, database, telegram: telegram.telegram, bot: {} });
    const held = await postBooking(first.baseUrl, bookingBody({ date: LATER, start: '09:00', end: '10:00' }));
    expect(held.body.errors).toEqual({ start: `Slot ini sedang ditawarkan ke peminjam lain sampai jam ${holdUntil(15)}.` });

    expect(await press(`wa:${offerId('7005', offer)}`, messageIn('7005', offer), '7005')).toBe(messages.classLimit('PPTI 22', 3));
    await waitUntil('the offer to the third in line', () => offersIn('7004').includes(offer));
    await settled();
    now += 15 * 60_000;
    await waitUntil('the hold passed', async () => {
      const open = await first.db.kysely.selectFrom('slot_offer').select('id').where('ended_at', 'is', null).execute();
      return open.length === 0;
    });
    expect(await press(`wa:${offerId('7004', offer)}`, messageIn('7004', offer), '7004')).toBe(texts.offerEnded);
    expect((await postBooking(second.baseUrl, bookingBody({ date: LATER, start: '09:00', end: '10:00' }))).status).toBe(201);
    const ends = await first.db.kysely
      .selectFrom('slot_offer')
      .select('ended_how')
      .where('borrow_date', '=', LATER)
      .orderBy('id')
      .execute();
    expect(ends.map((row) => row.ended_how)).toEqual(['skipped', 'refused', 'expired']);
  });

  it('offers the time an out-of-service period held once the owner says the bike is ready', async () => {
    const owner = telegram.telegram.chatId;
    const ownerSays = async (text: string, answer: RegExp) => {
      await settled();
      const before = chatTexts(telegram, owner).length;
      telegram.pushUpdate(telegram.textUpdate(text));
      await waitUntil(`the answer to ${text}`, () =>
        chatTexts(telegram, owner)
          .slice(before)
          .some((said) => answer.test(said)),
      );
    };
    await ownerSays('/bengkel Servis', /^Dicatat: motor tidak tersedia \(Servis\)/);
    expect((await wait(first, deviceSecret('s'), { date: '2026-11-25' })).status).toBe(201);
    await settled();
    expect(await first.db.kysely.selectFrom('slot_offer').select('id').where('borrow_date', '=', '2026-11-25').execute()).toEqual([]);
    await ownerSays('/siap', /^Dicatat: motor sudah siap/);
    await waitUntil('the offer of the freed time', () =>
      offersIn('7002').includes(`Slot Rabu, 25 November 2026 jam 10:00-12:00 kosong, ditahan untukmu sampai jam ${holdUntil(15)}.`),
    );
  });
});
