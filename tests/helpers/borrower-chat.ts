import { expect } from 'vitest';
import { borrowerChatMessages } from '../../src/domain/borrower-chat-messages';
import { bookingBody, postBooking } from './booking-fixtures';
import type { FakeTelegram } from './fake-telegram';
import { requestJson } from './test-app';
import { waitUntil } from './wait-until';

/** A device secret or link code as the app makes them: 43 base64url characters. */
export const deviceSecret = (seed: string) => seed.repeat(43).slice(0, 43);

export async function bookOn(
  app: { baseUrl: string; db: { kysely: import('kysely').Kysely<import('../../src/db/schema').Database> } },
  date: string,
  start: string,
  end: string,
  name = 'Budi Santoso',
): Promise<{ token: string; ref: string }> {
  const reply = await postBooking(app.baseUrl, bookingBody({ name, date, start, end, needStnk: 'tidak' }));
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  const row = await app.db.kysely
    .selectFrom('borrow_request')
    .select('ref')
    .where('borrow_date', '=', date)
    .where('start_time', '=', start)
    .where('cancelled_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { token: reply.body.cancelToken, ref: row.ref ?? '' };
}

export function chatTexts(telegram: FakeTelegram, chatId: string): string[] {
  return telegram.delivered.filter((message) => String(message.chatId) === chatId).map((message) => message.text);
}

/** Asks a link code for the device's `tokens` and sends `/start {code}` from `chatId`, as the deep link would. */
export async function linkChatTo(app: { baseUrl: string }, telegram: FakeTelegram, chatId: string, device: string, tokens: string[]) {
  const reply = await requestJson(app.baseUrl, '/api/telegram/link', { body: { deviceSecret: device, tokens } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const code = new URL(reply.body.url).searchParams.get('start');
  const before = chatTexts(telegram, chatId).length;
  telegram.pushUpdate(telegram.textUpdate(`/start ${code}`, chatId));
  await waitUntil(`the link answer in ${chatId}`, () => chatTexts(telegram, chatId).length > before);
  expect(chatTexts(telegram, chatId).at(-1)).toMatch(/^Siap! /);
  expect(chatTexts(telegram, chatId).at(-1)).not.toBe(borrowerChatMessages.codeInvalid);
}
