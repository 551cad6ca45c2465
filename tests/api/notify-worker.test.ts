import { afterEach, describe, expect, it } from 'vitest';
import { bookingNoticeText } from '../../src/domain/chat/telegram-text';
import { createTestClock } from '../helpers/clock';
import { startFakeTelegram } from '../helpers/fake-telegram';
import { enqueueNotice, firstOutboxRow as firstRow, notifyFixtures, sampleNotice } from '../helpers/outbox';
import { PRODUCTION_PACING, type TestApp } from '../helpers/test-app';
import { waitUntil } from '../helpers/wait-until';

const fixtures = notifyFixtures();
const { fake, app } = fixtures;
afterEach(() => fixtures.cleanup());

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Waits until the first message has been tried `attempts` times. */
async function untilAttempts(testApp: TestApp, attempts: number): Promise<void> {
  await waitUntil(`attempt ${attempts}`, async () => (await firstRow(testApp)).attempts >= attempts);
}

describe('the outbox worker', () => {
  it('sends sendMessage to the Bot API with chat_id, the text and parse_mode Markdown, and records it as sent', async () => {
    const telegram = await fake();
    const clock = createTestClock();
    const testApp = await app({ now: clock.now, telegram: telegram.telegram });
    await enqueueNotice(testApp, clock);
    await waitUntil('the delivery', () => telegram.delivered.length === 1);

    expect(telegram.requests).toEqual([
      {
        method: 'POST',
        path: `/bot${telegram.telegram.token}/sendMessage`,
        contentType: 'application/json',
        body: {
          chat_id: telegram.telegram.chatId,
          text: bookingNoticeText(sampleNotice),
          parse_mode: 'Markdown',
          link_preview_options: { is_disabled: true },
        },
      },
    ]);
    await waitUntil('the row marked sent', async () => (await firstRow(testApp)).sent_at !== null);
    expect(await firstRow(testApp)).toMatchObject({
      attempts: 1,
      sent_at: clock.now().toISOString(),
      locked_until: null,
      given_up_at: null,
    });
  });

  it('keeps no listener per paced send: fifteen messages in a row raise no MaxListenersExceededWarning', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => {
      if (warning.name === 'MaxListenersExceededWarning') warnings.push(warning.message);
    };
    process.on('warning', onWarning);
    try {
      const telegram = await fake();
      const clock = createTestClock();
      const testApp = await app({ now: clock.now, telegram: telegram.telegram, notifier: PRODUCTION_PACING });
      for (let index = 0; index < 15; index += 1) await enqueueNotice(testApp, clock, { reason: `Keperluan ${index}` });
      await waitUntil('fifteen deliveries', () => telegram.delivered.length === 15);
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings).toEqual([]);
  });

  it('delivers hostile names and reasons verbatim, accepted by the Markdown parser', async () => {
    const telegram = await fake();
    const clock = createTestClock();
    const testApp = await app({ now: clock.now, telegram: telegram.telegram });
    const reason = 'beli_nasi *goreng* [2] `sambal`';
    const name = 'Budi_*Keren*';
    await enqueueNotice(testApp, clock, { name, reason });
    await waitUntil('the delivery', () => telegram.delivered.length === 1);
    const [message] = telegram.delivered;
    expect(message?.text).toContain(`\nNama: ${name}\n`);
    expect(message?.text).toContain(`\nAlasan: ${reason}\n`);
    expect(message?.entities.every((entity) => entity.type === 'bold')).toBe(true);
  });

  it('retries a 500 after 5 s, 30 s, 2 min, 10 min, then hourly, and gives up after about a day, logged once', async () => {
    const telegram = await fake();
    telegram.answer({ kind: 'error', status: 500, description: 'Internal Server Error' });
    const clock = createTestClock();
    const created = clock.now().getTime();
    const testApp = await app({ now: clock.now, telegram: telegram.telegram });
    await enqueueNotice(testApp, clock);

    const expectedWaits = [5 * SECOND, 30 * SECOND, 2 * MINUTE, 10 * MINUTE, HOUR, HOUR];
    for (const [index, wait] of expectedWaits.entries()) {
      await untilAttempts(testApp, index + 1);
      const row = await firstRow(testApp);
      expect(Date.parse(row.next_attempt_at) - clock.now().getTime()).toBe(wait);
      expect(row.last_error).toBe('HTTP 500: Internal Server Error');
      expect(row.given_up_at).toBeNull();
      clock.advance(wait);
    }
    for (let attempts = expectedWaits.length + 1; ; attempts++) {
      await untilAttempts(testApp, attempts);
      const row = await firstRow(testApp);
      if (row.given_up_at !== null) break;
      expect(Date.parse(row.next_attempt_at) - clock.now().getTime()).toBe(HOUR);
      clock.advance(HOUR);
    }
    const row = await firstRow(testApp);
    expect(Date.parse(row.given_up_at ?? '') - created).toBeGreaterThan(23 * HOUR);
    expect(Date.parse(row.given_up_at ?? '') - created).toBeLessThanOrEqual(24 * HOUR);
    expect(telegram.requests).toHaveLength(row.attempts);
    expect(testApp.logs.filter((line) => line.includes('given up'))).toHaveLength(1);

    clock.advance(2 * HOUR);
    await enqueueNotice(testApp, clock, { name: 'Siti Rahmawati' });
    telegram.answer({ kind: 'ok' });
    await waitUntil('the next message', () => telegram.delivered.length === 1);
    expect(telegram.delivered[0]?.text).toContain('Siti Rahmawati');
    expect(telegram.requests).toHaveLength(row.attempts + 1);
  });

  it('waits what a 429 says in parameters.retry_after, then delivers', async () => {
    const telegram = await fake();
    telegram.answer({ kind: 'error', status: 429, description: 'Too Many Requests: retry after 42', retryAfter: 42 });
    const clock = createTestClock();
    const testApp = await app({ now: clock.now, telegram: telegram.telegram });
    await enqueueNotice(testApp, clock);
    await untilAttempts(testApp, 1);
    const row = await firstRow(testApp);
    expect(Date.parse(row.next_attempt_at) - clock.now().getTime()).toBe(42 * SECOND);
    expect(row.last_error).toBe('HTTP 429: Too Many Requests: retry after 42');

    telegram.answer({ kind: 'ok' });
    clock.advance(42 * SECOND);
    await waitUntil('the delivery', () => telegram.delivered.length === 1);
    await waitUntil('the row marked sent', async () => (await firstRow(testApp)).sent_at !== null);
    expect((await firstRow(testApp)).attempts).toBe(2);
  });

  it('gives up a request that gets no answer, retries it after 5 s, and delivers once the API answers', async () => {
    const telegram = await fake();
    telegram.answer({ kind: 'hang' });
    const clock = createTestClock();
    const testApp = await app({ now: clock.now, telegram: telegram.telegram });
    await enqueueNotice(testApp, clock);
    await untilAttempts(testApp, 1);
    const row = await firstRow(testApp);
    expect(row.last_error).toBe('no answer within 2000 ms');
    expect(Date.parse(row.next_attempt_at) - clock.now().getTime()).toBe(5 * SECOND);
    // Else the given-up request, still open as the fake sees it, would be answered and counted.
    await waitUntil('the fake to see the first request given up', () => telegram.hangingRequests() === 0);

    telegram.answer({ kind: 'ok' });
    clock.advance(5 * SECOND);
    await waitUntil('the delivery', () => telegram.delivered.length === 1);
  });

  it('does not retry a 4xx other than 429 and logs Telegram’s description', async () => {
    const telegram = await fake();
    telegram.answer({ kind: 'error', status: 400, description: 'Bad Request: chat not found' });
    const clock = createTestClock();
    const testApp = await app({ now: clock.now, telegram: telegram.telegram });
    await enqueueNotice(testApp, clock);
    await waitUntil('the give-up', async () => (await firstRow(testApp)).given_up_at !== null);
    expect(await firstRow(testApp)).toMatchObject({ attempts: 1, last_error: 'HTTP 400: Bad Request: chat not found', sent_at: null });
    expect(testApp.logs.filter((line) => line.includes('Bad Request: chat not found') && line.includes('given up'))).toHaveLength(1);

    clock.advance(2 * HOUR);
    telegram.answer({ kind: 'ok' });
    await enqueueNotice(testApp, clock, { name: 'Siti Rahmawati' });
    await waitUntil('the next message', () => telegram.delivered.length === 1);
    expect(telegram.requests).toHaveLength(2);
  });

  it('never writes the bot token into a stored error or a log line', async () => {
    const clock = createTestClock();
    const token = '987654:SECRET-token_value';
    const closed = await startFakeTelegram();
    const refusedUrl = closed.telegram.apiUrl;
    await closed.close();
    // A port out of range makes fetch quote the whole URL, token and all, in its error.
    for (const apiUrl of [refusedUrl, 'http://127.0.0.1:99999']) {
      const testApp = await app({ now: clock.now, telegram: { token, chatId: '1', apiUrl } });
      await enqueueNotice(testApp, clock);
      await untilAttempts(testApp, 1);
      const row = await firstRow(testApp);
      expect(row.last_error).toMatch(/fetch failed|Failed to parse URL/);
      expect(row.last_error).not.toContain(token);
      expect(row.last_error).not.toContain(encodeURIComponent(token));
      expect(testApp.logs.some((line) => line.includes('will retry'))).toBe(true);
      expect(testApp.logs.join('\n')).not.toContain('SECRET');
    }
  });
  it('gives up a row whose payload is not a booking notice, and goes on with the next', async () => {
    const telegram = await fake();
    const clock = createTestClock();
    const testApp = await app({ now: clock.now, telegram: telegram.telegram });
    const at = clock.now().toISOString();
    await testApp.db.kysely
      .insertInto('outbox')
      .values({ kind: 'booking', payload: '{"name":"Budi"}', created_at: at, attempts: 0, next_attempt_at: at })
      .execute();
    await enqueueNotice(testApp, clock, { name: 'Siti Rahmawati' });
    await waitUntil('the next message', () => telegram.delivered.length === 1);
    await waitUntil('the give-up', async () => (await firstRow(testApp)).given_up_at !== null);
    expect(await firstRow(testApp)).toMatchObject({ attempts: 1, last_error: 'unreadable booking payload', sent_at: null });
    expect(telegram.requests).toHaveLength(1);
  });
});
