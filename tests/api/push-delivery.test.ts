import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takenText } from '../../src/domain/waiting-list/waiting-list';
import { jakartaInstant } from '../helpers/booking-fixtures';
import { bookOn, deviceSecret } from '../helpers/borrower-chat';
import { type FakePush, startFakePush } from '../helpers/fake-push';
import { BUDI, RIZKY, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp, type TestAppOptions } from '../helpers/test-app';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const DATE = '2026-11-23';

describe(`pushes to a borrower's phone on ${TEST_ENGINE}, two instances and a restart`, () => {
  let push: FakePush;
  let database: TestDatabase;
  let first: TestApp;
  let second: TestApp;
  let now = jakartaInstant('2026-11-22', '08:00').getTime();
  const at = (time: string) => {
    now = jakartaInstant(DATE, time).getTime();
  };
  const options = (): TestAppOptions => ({
    now: () => new Date(now),
    database,
    buildOptions: { borrowerRoundIntervalMs: 20, push: { pollIntervalMs: 20, requestTimeoutMs: 2000 } },
  });

  beforeAll(async () => {
    push = await startFakePush();
    database = await createTestDatabase();
    first = await startTestApp(options());
    second = await startTestApp(options());
    await seedRoster(first.db, [BUDI, RIZKY]);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.drop();
    await push.close();
  });

  const subscribe = async (app: TestApp, device: string, id: string, tokens: string[]) => {
    const body = { deviceSecret: deviceSecret(device), tokens, subscription: push.subscription(id) };
    const reply = await requestJson(app.baseUrl, '/api/push/subscriptions', { body });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  };
  const unsent = async () =>
    (
      await first.db.kysely
        .selectFrom('outbox')
        .select('id')
        .where('kind', '=', 'push')
        .where('sent_at', 'is', null)
        .where('given_up_at', 'is', null)
        .execute()
    ).length;
  // The clock jumps past the send lease: each step waits until every row is settled.
  const settled = () => waitUntil('the outbox settled', async () => (await unsent()) === 0);
  const expectTexts = async (id: string, expected: string[]) => {
    await waitUntil(`${expected.length} pushes to ${id}`, () => push.texts(id).length >= expected.length);
    await settled();
    expect(push.texts(id)).toEqual(expected);
  };

  it('reminds before the start and the end once, whichever instance looks, across a restart', async () => {
    const budi = await bookOn(first, DATE, '09:00', '10:00');
    await subscribe(second, 'a', 'a', [budi.token]);
    at('08:00');
    const texts = ['Pengingat: peminjaman motor kamu hari ini jam 09:00-10:00.'];
    await expectTexts('a', texts);
    const [delivery] = push.delivered;
    expect(delivery?.headers.ttl).toBe('3600');
    expect(delivery?.headers.urgency).toBe('high');
    expect(delivery?.headers.authorization).toMatch(/^vapid t=.+, k=[A-Za-z0-9_-]{87}$/);
    expect(delivery?.message).toMatchObject({ title: 'Pinjam Motor', actions: [] });

    await second.close();
    second = await startTestApp(options());
    at('09:45');
    texts.push('Waktunya kembalikan motor jam 10:00.');
    await expectTexts('a', texts);
    const rows = (await first.db.kysely.selectFrom('outbox').select('id').where('kind', '=', 'push').execute()).length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await first.db.kysely.selectFrom('outbox').select('id').where('kind', '=', 'push').execute()).length).toBe(rows);
    expect(push.texts('a')).toEqual(texts);
  });

  it('deletes a subscription the push service says is gone (410)', async () => {
    const rizky = await bookOn(first, DATE, '11:00', '12:00', 'Rizky Maulana');
    await subscribe(first, 'g', 'g', [rizky.token]);
    push.answer('g', { status: 410 });
    at('10:05');
    await waitUntil('the subscription deleted', async () => {
      const left = await first.db.kysely.selectFrom('push_subscription').select('endpoint').execute();
      return !left.some((row) => row.endpoint === push.subscription('g').endpoint);
    });
    await settled();
    expect(push.posts.filter((post) => post.id === 'g')).toHaveLength(1);
    expect(push.texts('g')).toEqual([]);
  });

  it("waits out a 429's Retry-After on the app clock, then sends", async () => {
    const budi = await bookOn(first, DATE, '13:00', '14:00');
    await subscribe(first, 'r', 'r', [budi.token]);
    push.answer('r', { status: 429, headers: { 'Retry-After': '120' } });
    at('12:05');
    await waitUntil('the refused push', () => push.posts.some((post) => post.id === 'r'));
    await waitUntil('its retry planned', async () => {
      const row = await first.db.kysely
        .selectFrom('outbox')
        .select(['next_attempt_at', 'attempts'])
        .where('kind', '=', 'push')
        .where('payload', 'like', '%13:00-14:00%')
        .where('sent_at', 'is', null)
        .executeTakeFirst();
      return row?.attempts === 1;
    });
    const row = await first.db.kysely
      .selectFrom('outbox')
      .select('next_attempt_at')
      .where('kind', '=', 'push')
      .where('payload', 'like', '%13:00-14:00%')
      .executeTakeFirstOrThrow();
    expect(new Date(row.next_attempt_at).getTime()).toBe(jakartaInstant(DATE, '12:05').getTime() + 120_000);
    now += 119_000;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(push.posts.filter((post) => post.id === 'r')).toHaveLength(1);
    now += 2_000;
    await expectTexts('r', ['Pengingat: peminjaman motor kamu hari ini jam 13:00-14:00.']);
  });

  it('offers a freed slot to a phone that never booked, and its Ambil books it with a cancel secret for that phone', async () => {
    at('14:00');
    const rizky = await bookOn(first, DATE, '15:00', '16:00', 'Rizky Maulana');
    await subscribe(first, 'w', 'w', []);
    const body = { deviceSecret: deviceSecret('w'), name: 'Budi Santoso', date: DATE, start: '15:00', end: '16:00', reason: 'Ke kampus' };
    expect((await requestJson(second.baseUrl, '/api/waits', { body })).status).toBe(201);
    expect((await requestJson(first.baseUrl, '/api/bookings/cancel', { body: { token: rizky.token } })).status).toBe(200);
    await expectTexts('w', ['Slot Senin, 23 November 2026 jam 15:00-16:00 kosong, ditahan untukmu sampai jam 14:15.']);
    const offer = push.delivered.find((delivery) => delivery.id === 'w')?.message;
    expect(offer?.actions).toEqual([
      { action: 'take', title: 'Ambil' },
      { action: 'skip', title: 'Lewati' },
    ]);
    expect(push.delivered.find((delivery) => delivery.id === 'w')?.headers.ttl).toBe('900');
    const path = `/api/waits/offers/${offer?.offerId}`;
    expect((await requestJson(first.baseUrl, path, { body: { deviceSecret: deviceSecret('a'), action: 'take' } })).status).toBe(404);
    const taken = await requestJson(second.baseUrl, path, { body: { deviceSecret: deviceSecret('w'), action: 'take' } });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.message).toBe(takenText('Budi Santoso', { date: DATE, start: '15:00', end: '16:00' }));
    expect(taken.body.booking).toMatchObject({ name: 'Budi Santoso', date: DATE, start: '15:00', end: '16:00' });
    const own = await requestJson(first.baseUrl, '/api/bookings/by-token', { body: { token: taken.body.cancelToken } });
    expect(own.status).toBe(200);
    expect(own.body.booking).toMatchObject({ name: 'Budi Santoso', date: DATE, start: '15:00', end: '16:00' });
    const again = await requestJson(first.baseUrl, path, { body: { deviceSecret: deviceSecret('w'), action: 'take' } });
    expect(again.body.cancelToken).toBe(taken.body.cancelToken);
    // The card asks which offers its waits took (in the chat too), to press them again for their secrets.
    const device = await requestJson(second.baseUrl, '/api/waits/device', { body: { deviceSecret: deviceSecret('w') } });
    expect(device.body).toEqual({ linked: true, waits: [], taken: [offer?.offerId] });
  });
});
