import { afterEach, describe, expect, it } from 'vitest';
import { bookingBody, postBooking } from '../helpers/booking-fixtures';
import { createTestClock } from '../helpers/clock';
import { type FakeTelegram, startFakeTelegram } from '../helpers/fake-telegram';
import { BUDI, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { createTestDatabase } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const WEBHOOK_URL = 'https://pinjam.example/telegram/webhook';
const HEADER = 'X-Telegram-Bot-Api-Secret-Token';

async function webhookApp(telegram: FakeTelegram, database: Awaited<ReturnType<typeof createTestDatabase>>): Promise<TestApp> {
  const testApp = await startTestApp({
    now: createTestClock('2026-11-22T00:00:00.000Z').now,
    database,
    telegram: telegram.telegram,
    bot: { webhookUrl: WEBHOOK_URL },
  });
  cleanups.push(() => testApp.close());
  return testApp;
}

function post(testApp: TestApp, body: unknown, headers: Record<string, string>) {
  return requestJson(testApp.baseUrl, '/telegram/webhook', { method: 'POST', body, headers });
}

describe('webhook mode (TELEGRAM_WEBHOOK_URL)', () => {
  it('sets the webhook with a random secret, refuses a wrong one with 401, and handles an update once however often it comes', async () => {
    const telegram = await startFakeTelegram();
    cleanups.push(() => telegram.close());
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const one = await webhookApp(telegram, database);
    await seedRoster(one.db, [BUDI]);
    await waitUntil('setWebhook', () => telegram.webhook !== undefined);
    const secret = telegram.webhook?.secretToken ?? '';
    expect(telegram.webhook?.url).toBe(WEBHOOK_URL);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(telegram.requests.find((request) => request.path.endsWith('/setWebhook'))?.body).toMatchObject({
      allowed_updates: ['message', 'callback_query'],
    });

    // A second instance uses the same secret, so an update may reach either.
    const two = await webhookApp(telegram, database);
    await waitUntil(
      'the second setWebhook',
      () => telegram.requests.filter((request) => request.path.endsWith('/setWebhook')).length === 2,
    );
    expect(telegram.webhook?.secretToken).toBe(secret);

    expect((await postBooking(one.baseUrl, bookingBody({ date: '2026-11-22', start: '09:00', end: '10:00' }))).status).toBe(201);
    await waitUntil('the notice', () => telegram.delivered.length === 1);
    const ref = (await one.db.kysely.selectFrom('borrow_request').select('ref').executeTakeFirstOrThrow()).ref;
    const messageId = telegram.delivered[0]?.messageId ?? 0;
    await waitUntil(
      'the notice recorded',
      async () =>
        (await one.db.kysely.selectFrom('outbox').select('sent_message_id').executeTakeFirstOrThrow()).sent_message_id === messageId,
    );
    // Ya counts only right after Batalkan on the same notice (issue 23).
    const ask = { update_id: 76, ...telegram.callbackUpdate(`c:${ref}`, messageId) };
    const update = { update_id: 77, ...telegram.callbackUpdate(`y:${ref}`, messageId) };

    for (const headers of [{}, { [HEADER]: 'wrong' }, { [HEADER]: `${secret}x` }] as Record<string, string>[]) {
      expect((await post(one, update, headers)).status).toBe(401);
    }
    expect((await post(one, 'not json', { [HEADER]: 'wrong', 'content-type': 'application/json' })).status).toBe(401);
    expect(telegram.answers).toEqual([]);

    expect((await post(one, ask, { [HEADER]: secret })).status).toBe(200);
    // The webhook answers before it handles; a person can press Ya only once it is on the notice.
    const buttons = () => telegram.chat.get(messageId)?.replyMarkup?.inline_keyboard.flat() ?? [];
    await waitUntil('the Ya button', () => buttons().some((button) => button.callback_data === `y:${ref}`));
    expect((await post(one, update, { [HEADER]: secret })).status).toBe(200);
    expect((await post(two, update, { [HEADER]: secret })).status).toBe(200);
    await waitUntil('all three answered', () => telegram.answers.length === 3);
    await waitUntil('the cancelled line', () => telegram.chat.get(messageId)?.text.endsWith('❌ Dibatalkan') === true);
    await waitUntil('the outbox drained', async () =>
      (await one.db.kysely.selectFrom('outbox').select('sent_at').execute()).every((row) => row.sent_at !== null),
    );
    expect(telegram.edits).toHaveLength(2);
    const kinds = (await one.db.kysely.selectFrom('outbox').select('kind').orderBy('id').execute()).map((row) => row.kind);
    expect(kinds).toEqual(['booking', 'notice-keyboard', 'booking-cancelled', 'notice-cancelled']);
    // No long polling while a webhook is set.
    expect(telegram.polls).toEqual([]);
    for (const testApp of [one, two]) expect(testApp.logs.join('\n')).not.toContain(telegram.telegram.token);
  });
});
