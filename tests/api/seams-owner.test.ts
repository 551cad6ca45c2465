import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jakartaInstant } from '../helpers/booking-fixtures';
import { bookOn, outboxSent } from '../helpers/borrower-chat';
import { type FakeTelegram, startFakeTelegram } from '../helpers/fake-telegram';
import { BUDI, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const DATE = '2026-11-23';

describe(`the owner's chat follows the loan (issue 38) on ${TEST_ENGINE}`, () => {
  let telegram: FakeTelegram;
  let app: TestApp;
  let now = jakartaInstant('2026-11-22', '08:00').getTime();
  const at = (time: string) => {
    now = jakartaInstant(DATE, time).getTime();
  };

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    app = await startTestApp({ now: () => new Date(now), telegram: telegram.telegram, bot: { reminderMinutes: 60 } });
    await seedRoster(app.db, [BUDI]);
  });
  afterAll(async () => {
    await app.close();
    await telegram.close();
  });

  const ownerChat = () => telegram.delivered.filter((message) => String(message.chatId) === telegram.telegram.chatId);
  const buttons = (messageId: number) =>
    (telegram.chat.get(messageId)?.replyMarkup?.inline_keyboard ?? []).map((row) => row.map((b) => b.text));
  async function ask(text: string): Promise<string> {
    await outboxSent(app);
    const before = ownerChat().length;
    telegram.pushUpdate(telegram.textUpdate(text));
    // A reminder may come meanwhile: the answer is the new message about the bike.
    const answer = () =>
      ownerChat()
        .slice(before)
        .find((message) => message.text.startsWith('Motor '));
    await waitUntil(`the answer to ${text}`, () => answer() !== undefined);
    return answer()?.source ?? '';
  }

  it("the reminder's Sudah diambil goes at the booked end when nobody recorded the pickup", async () => {
    await bookOn(app, DATE, '10:00', '11:00');
    at('09:30');
    const text = 'Siapkan kunci untuk Budi Santoso (PPTI 21) jam 10:00.';
    await waitUntil('the reminder', () => ownerChat().some((message) => message.text === text));
    const reminder = ownerChat().find((message) => message.text === text)?.messageId ?? 0;
    await waitUntil('its button', () => buttons(reminder)[0]?.[0] === 'Sudah diambil');
    at('10:59');
    await outboxSent(app);
    expect(buttons(reminder)[0]?.[0]).toBe('Sudah diambil');
    at('11:00');
    await waitUntil('the button gone at the booked end', () => buttons(reminder).length === 0);
  });

  it('/sekarang follows a pickup recorded before the start: the bike is out', async () => {
    const loan = await bookOn(app, DATE, '15:00', '17:00');
    at('14:40');
    expect(await ask('/sekarang')).toBe('Motor sedang tidak dipakai. Berikutnya: Budi Santoso (PPTI 21), hari ini jam 15:00.');
    at('14:48');
    const pickup = await requestJson(app.baseUrl, '/api/bookings/handover', {
      method: 'POST',
      body: { token: loan.token, event: 'pickup', fuel: 'Penuh' },
    });
    expect(pickup.status).toBe(200);
    expect(await ask('/sekarang')).toBe('Motor sedang dipakai Budi Santoso (PPTI 21) sampai jam 17:00.');
  });
});
