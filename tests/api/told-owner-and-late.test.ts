import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jakartaInstant } from '../helpers/booking-fixtures';
import { bookOn, chatTexts, deviceSecret, linkChatTo, messageIdIn, outboxSent } from '../helpers/borrower-chat';
import { type DeliveredMessage, type FakeTelegram, startFakeTelegram } from '../helpers/fake-telegram';
import { BUDI, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const DATE = '2026-11-25';

describe(`the owner hears a borrower's note at once, and a late loan's chat shows the fine so far, on ${TEST_ENGINE}`, () => {
  let telegram: FakeTelegram;
  let app: TestApp;
  let now = jakartaInstant('2026-11-24', '08:00').getTime();
  const at = (time: string) => {
    now = jakartaInstant(DATE, time).getTime();
  };

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    app = await startTestApp({ now: () => new Date(now), telegram: telegram.telegram, bot: {} });
    await seedRoster(app.db, [BUDI]);
  });
  afterAll(async () => {
    await app.close();
    await telegram.close();
  });

  const handover = (token: string, body: Record<string, unknown>) =>
    requestJson(app.baseUrl, '/api/bookings/handover', { method: 'POST', body: { token, ...body } });
  const buttons = (messageId: number) =>
    (telegram.chat.get(messageId)?.replyMarkup?.inline_keyboard ?? []).map((row) =>
      row.map((button) => [button.text, button.callback_data]),
    );
  const ownerMessage = async (text: string): Promise<DeliveredMessage> => {
    let found: DeliveredMessage | undefined;
    await waitUntil(`"${text}" in the owner's chat`, () => {
      found = telegram.delivered.find((message) => String(message.chatId) === telegram.telegram.chatId && message.text === text);
      return found !== undefined;
    });
    return found as DeliveredMessage;
  };
  async function press(data: string, messageId: number) {
    await outboxSent(app);
    const before = telegram.answers.length;
    telegram.pushUpdate(telegram.callbackUpdate(data, messageId));
    await waitUntil('the press answered', () => telegram.answers.length > before);
    await outboxSent(app);
    return telegram.answers[before]?.text;
  }

  it('fuel Hampir habis at a pickup and a return note reach the owner with Tandai tidak tersedia, which asks until when', async () => {
    const loan = await bookOn(app, DATE, '09:00', '10:00');
    at('08:50');
    expect((await handover(loan.token, { event: 'pickup', fuel: 'Hampir habis' })).status).toBe(200);
    const fuel = await ownerMessage('Catatan dari Budi Santoso: Bensin Hampir habis');
    expect(buttons(fuel.messageId).map((row) => row.map(([label]) => label))).toEqual([['Tandai tidak tersedia']]);

    at('10:00');
    const returned = await handover(loan.token, { event: 'return', fuel: 'Penuh', note: 'Rem_belakang agak bunyi' });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    const note = await ownerMessage('Catatan dari Budi Santoso: Rem_belakang agak bunyi');
    const [[mark]] = buttons(note.messageId) as [[string, string][]];
    expect(mark?.[0]).toBe('Tandai tidak tersedia');

    at('10:05');
    const question = 'Dicatat: motor tidak tersedia (Rem_belakang agak bunyi) mulai sekarang. Sampai kapan?';
    expect(await press(mark?.[1] ?? '', note.messageId)).toBe(question);
    const asked = await ownerMessage(question);
    expect(
      buttons(asked.messageId)
        .flat()
        .map(([label]) => label),
    ).toEqual(['1 jam', '3 jam', 'Sampai malam ini', 'Belum tahu']);
    expect(buttons(note.messageId)).toEqual([]);
    expect(await press(mark?.[1] ?? '', note.messageId)).toBe('Sudah diputuskan.');
    const refused = await requestJson(app.baseUrl, '/api/today');
    expect(refused.body.outOfService.now).toBe('Motor tidak tersedia (Rem_belakang agak bunyi).');
    telegram.pushUpdate(telegram.textUpdate('/siap'));
    await ownerMessage('Dicatat: motor sudah siap dipakai lagi.');
  });

  it('while late, the chat shows `Terlambat {n} menit · denda sejauh ini Rp{x}`, kept up to date; the return takes the button away', async () => {
    at('10:30');
    const loan = await bookOn(app, DATE, '11:00', '12:00');
    await linkChatTo(app, telegram, '8001', deviceSecret('w'), [loan.token]);
    at('10:55');
    expect((await handover(loan.token, { event: 'pickup', fuel: 'Penuh' })).status).toBe(200);

    at('12:11');
    const first = 'Kamu terlambat mengembalikan motor.\nTerlambat 11 menit · denda sejauh ini Rp10.000';
    await waitUntil('the late notice', () => chatTexts(telegram, '8001').includes(first));
    const id = messageIdIn(telegram, '8001', first);
    expect(buttons(id).map((row) => row.map(([label]) => label))).toEqual([['Saya sudah kembalikan motor']]);

    at('12:25');
    const second = 'Kamu terlambat mengembalikan motor.\nTerlambat 25 menit · denda sejauh ini Rp10.000';
    await waitUntil('the line updated', () => telegram.chat.get(id)?.text === second);
    at('13:05');
    const third = 'Kamu terlambat mengembalikan motor.\nTerlambat 65 menit · denda sejauh ini Rp20.000';
    await waitUntil('the fine grown', () => telegram.chat.get(id)?.text === third);
    expect(buttons(id).map((row) => row.map(([label]) => label))).toEqual([['Saya sudah kembalikan motor']]);
    await outboxSent(app);
    const edits = await app.db.kysely.selectFrom('outbox').select('id').where('kind', '=', 'borrower-edit').execute();
    expect(edits).toHaveLength(2);

    at('13:06');
    expect((await handover(loan.token, { event: 'return', fuel: 'Penuh' })).status).toBe(200);
    await waitUntil('the button gone', () => buttons(id).length === 0);
  });
});
