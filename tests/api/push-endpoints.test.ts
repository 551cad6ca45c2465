import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushMessages } from '../../src/domain/push/push-messages';
import { ConfigError, loadConfig } from '../../src/server/config';
import { bookOn, deviceSecret } from '../helpers/borrower-chat';
import { type FakePush, startFakePush } from '../helpers/fake-push';
import { BUDI, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

const DATE = '2026-12-07';

describe(`push subscriptions on ${TEST_ENGINE}`, () => {
  let push: FakePush;
  let app: TestApp;
  let strict: TestApp;

  beforeAll(async () => {
    push = await startFakePush();
    app = await startTestApp();
    strict = await startTestApp({
      database: app.database,
      config: { push: { keys: undefined, subject: 'mailto:test@example.com', allowLoopback: false } },
    });
    await seedRoster(app.db, [BUDI]);
  });
  afterAll(async () => {
    await strict.close();
    await app.close();
    await push.close();
  });

  const subscribe = (target: TestApp, body: Record<string, unknown>) =>
    requestJson(target.baseUrl, '/api/push/subscriptions', { body: { deviceSecret: deviceSecret('p'), tokens: [], ...body } });
  const withEndpoint = (endpoint: string) => ({ subscription: { ...push.subscription('x'), endpoint } });

  it('gives one public key, generated once, to every instance', async () => {
    const first = await requestJson(app.baseUrl, '/api/push/key');
    const second = await requestJson(strict.baseUrl, '/api/push/key');
    expect(first.status).toBe(200);
    expect(first.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(second.body.publicKey).toBe(first.body.publicKey);
  });

  it('refuses an http endpoint, a private or link-local address, and loopback without PUSH_ALLOW_LOOPBACK', async () => {
    for (const endpoint of [
      'http://93.184.216.34/send/1',
      'https://10.1.2.3/send/1',
      'https://192.168.0.10/send/1',
      'https://169.254.169.254/latest',
      'https://[fd00::1]/send/1',
      'ftp://93.184.216.34/1',
    ]) {
      const reply = await subscribe(app, withEndpoint(endpoint));
      expect(reply.status, endpoint).toBe(400);
      expect(reply.body.message).toBe(pushMessages.endpointRefused);
    }
    for (const endpoint of [push.subscription('x').endpoint, 'https://127.0.0.1:9/send', 'https://localhost:9/send', 'https://[::1]:9/x']) {
      expect((await subscribe(strict, withEndpoint(endpoint))).status, endpoint).toBe(400);
    }
    expect(await app.db.kysely.selectFrom('push_subscription').select('id').execute()).toEqual([]);
  });

  it('subscribes a device proved by its cancel secrets, or with none, and deletes it', async () => {
    const booking = await bookOn(app, DATE, '09:00', '10:00');
    expect((await subscribe(app, { tokens: ['A'.repeat(22)], subscription: push.subscription('a') })).status).toBe(404);
    const reply = await subscribe(app, { tokens: [booking.token], subscription: push.subscription('a') });
    expect(reply.status).toBe(201);
    expect(reply.body.message).toBe(pushMessages.subscribed);
    expect((await subscribe(app, { deviceSecret: deviceSecret('q'), subscription: push.subscription('b') })).status).toBe(201);
    const rows = await app.db.kysely.selectFrom('push_subscription').select('endpoint').orderBy('id').execute();
    expect(rows.map((row) => row.endpoint)).toEqual([push.subscription('a').endpoint, push.subscription('b').endpoint]);
    const gone = await requestJson(app.baseUrl, '/api/push/subscriptions', {
      method: 'DELETE',
      body: { deviceSecret: deviceSecret('p'), endpoint: push.subscription('a').endpoint },
    });
    expect(gone.status).toBe(204);
    const left = await app.db.kysely.selectFrom('push_subscription').select('endpoint').execute();
    expect(left.map((row) => row.endpoint)).toEqual([push.subscription('b').endpoint]);
  });

  it('refuses bad keys and a body without a device secret', async () => {
    const subscription = { ...push.subscription('c'), keys: { p256dh: 'short', auth: 'x' } };
    expect((await subscribe(app, { subscription })).status).toBe(400);
    expect((await requestJson(app.baseUrl, '/api/push/subscriptions', { body: { subscription: push.subscription('c') } })).status).toBe(
      400,
    );
  });
});

describe('push configuration', () => {
  it('refuses PUSH_ALLOW_LOOPBACK in production, a key without its pair, and a bad subject', () => {
    const base = { SESSION_SECRET: 's'.repeat(32) };
    const fails = (env: Record<string, string>) => {
      try {
        loadConfig({ ...base, ...env });
      } catch (error) {
        return error instanceof ConfigError ? error.variable : 'other';
      }
      return undefined;
    };
    expect(fails({ NODE_ENV: 'production', PUSH_ALLOW_LOOPBACK: '1' })).toBe('PUSH_ALLOW_LOOPBACK');
    expect(fails({ VAPID_PUBLIC_KEY: 'abc' })).toBe('VAPID_PRIVATE_KEY');
    expect(fails({ VAPID_SUBJECT: 'http://example.com' })).toBe('VAPID_SUBJECT');
    expect(loadConfig({ ...base, PUSH_ALLOW_LOOPBACK: '1' }).push.allowLoopback).toBe(true);
    expect(loadConfig({ ...base, VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: 'def' }).push.keys).toEqual({
      publicKey: 'abc',
      privateKey: 'def',
    });
  });
});
