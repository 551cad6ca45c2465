import { expect } from 'vitest';
import { borrowerChatMessages } from '../../src/domain/chat/borrower-chat-messages';
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
export async function linkChatTo(
  app: { baseUrl: string } & AppWithDb,
  telegram: FakeTelegram,
  chatId: string,
  device: string,
  tokens: string[],
) {
  const reply = await requestJson(app.baseUrl, '/api/telegram/link', { body: { deviceSecret: device, tokens } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const code = new URL(reply.body.url).searchParams.get('start');
  const before = chatTexts(telegram, chatId).length;
  telegram.pushUpdate(telegram.textUpdate(`/start ${code}`, chatId));
  await waitUntil(`the link answer in ${chatId}`, () => chatTexts(telegram, chatId).length > before);
  expect(chatTexts(telegram, chatId).at(-1)).toMatch(/^Siap! /);
  expect(chatTexts(telegram, chatId).at(-1)).not.toBe(borrowerChatMessages.codeInvalid);
  // Shown by the fake a moment before the app marks it sent: a test that moves the clock past the
  // send lease meanwhile would have another instance send it again.
  await waitUntil(`the link answer in ${chatId} marked sent`, async () => {
    const unsent = await app.db.kysely
      .selectFrom('outbox')
      .select('id')
      .where('chat_id', '=', chatId)
      .where('sent_at', 'is', null)
      .execute();
    return unsent.length === 0;
  });
}

type AppWithDb = { db: { kysely: import('kysely').Kysely<import('../../src/db/schema').Database> } };

/** Until every outbox row is marked sent: a message counts once the app has stored its Telegram id. */
export function outboxSent(app: AppWithDb): Promise<void> {
  return waitUntil(
    'the outbox sent',
    async () => (await app.db.kysely.selectFrom('outbox').select('id').where('sent_at', 'is', null).execute()).length === 0,
  );
}

/** Until no outbox row waits to be sent: each is sent or given up. */
export function outboxDrained(app: AppWithDb): Promise<void> {
  return waitUntil('the outbox drained', async () => {
    const rows = await app.db.kysely
      .selectFrom('outbox')
      .select('id')
      .where('sent_at', 'is', null)
      .where('given_up_at', 'is', null)
      .execute();
    return rows.length === 0;
  });
}

/** Sends `text` from `chatId` once the outbox has drained (an answer is then this text's); the bot's next message there. */
export async function sayIn(telegram: FakeTelegram, app: AppWithDb, chatId: string, text: string): Promise<string> {
  await outboxDrained(app);
  const before = chatTexts(telegram, chatId).length;
  telegram.pushUpdate(telegram.textUpdate(text, chatId));
  await waitUntil(`an answer to ${text} in ${chatId}`, () => chatTexts(telegram, chatId).length > before);
  return chatTexts(telegram, chatId).at(-1) ?? '';
}

export function messageIdIn(telegram: FakeTelegram, chatId: string, text: string): number {
  const found = telegram.delivered.find((message) => String(message.chatId) === chatId && message.text === text);
  if (!found) throw new Error(`no "${text}" in ${chatId}`);
  return found.messageId;
}

/** A press on a button under message `messageId` in `chatId`; the text it was answered with. */
export async function pressIn(
  telegram: FakeTelegram,
  app: AppWithDb,
  press: { data: string; messageId: number; chatId: string },
): Promise<string | undefined> {
  await outboxSent(app);
  const answered = telegram.answers.length;
  telegram.pushUpdate(telegram.callbackUpdate(press.data, press.messageId, press.chatId));
  await waitUntil(`the answer to ${press.data}`, () => telegram.answers.length > answered);
  return telegram.answers.at(-1)?.text;
}
