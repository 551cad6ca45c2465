import { afterEach, describe, expect, it } from 'vitest';
import { enqueueOutbox } from '../../src/server/telegram/outbox/enqueue';
import { createTestClock } from '../helpers/clock';
import { enqueueNotice, firstOutboxRow, notifyFixtures, outboxRows } from '../helpers/outbox';
import { waitUntil } from '../helpers/wait-until';

const fixtures = notifyFixtures();
const { fake, app } = fixtures;
afterEach(() => fixtures.cleanup());

describe('the typed outbox', () => {
  it('refuses a payload its kind cannot send when the row is written, so the transaction rolls back', async () => {
    const clock = createTestClock();
    const testApp = await app({ now: clock.now });
    const now = clock.now();
    await expect(enqueueOutbox(testApp.db.kysely, 'borrower', { text: '' }, { now, chatId: '42' })).rejects.toThrow(/outbox borrower/);
    await expect(
      testApp.db.kysely.transaction().execute(async (trx) => {
        await enqueueOutbox(trx, 'reply', { text: 'Halo' }, { now, dedupeKey: 'update:1' });
        await enqueueOutbox(trx, 'handover-keyboard', { messageId: 0, keyboard: { kind: 'none' } }, { now, dedupeKey: 'update:2' });
      }),
    ).rejects.toThrow(/outbox handover-keyboard/);
    expect(await outboxRows(testApp)).toEqual([]);
  });

  it('stores the payload as given, once per dedupe key', async () => {
    const clock = createTestClock();
    const testApp = await app({ now: clock.now });
    const options = { now: clock.now(), dedupeKey: 'update:7' };
    expect(await enqueueOutbox(testApp.db.kysely, 'reply', { text: 'Halo' }, options)).toBe(true);
    expect(await enqueueOutbox(testApp.db.kysely, 'reply', { text: 'Lagi' }, options)).toBe(false);
    expect(await outboxRows(testApp)).toMatchObject([{ kind: 'reply', payload: '{"text":"Halo"}', dedupe_key: 'update:7', chat_id: null }]);
  });

  it('gives up a row of a kind it does not know with an error naming the kind, and goes on with the next', async () => {
    const telegram = await fake();
    const clock = createTestClock();
    const testApp = await app({ now: clock.now, telegram: telegram.telegram });
    const at = clock.now().toISOString();
    await testApp.db.kysely
      .insertInto('outbox')
      .values({ kind: 'carrier-pigeon', payload: '{"text":"Halo"}', created_at: at, attempts: 0, next_attempt_at: at })
      .execute();
    await enqueueNotice(testApp, clock);
    await waitUntil('the next message', () => telegram.delivered.length === 1);
    await waitUntil('the give-up', async () => (await firstOutboxRow(testApp)).given_up_at !== null);
    expect(await firstOutboxRow(testApp)).toMatchObject({ attempts: 1, last_error: 'unknown outbox kind carrier-pigeon', sent_at: null });
    const logged = testApp.logs
      .filter((line) => line.includes('carrier-pigeon'))
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(logged).toEqual([expect.objectContaining({ level: 50, msg: 'Telegram notification given up: unknown kind carrier-pigeon' })]);
    expect(telegram.requests).toHaveLength(1);
  });
});
