import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushMessages } from '../../src/domain/push/push-messages';
import { takenText } from '../../src/domain/waiting-list/waiting-list';
import { PHONE } from '../helpers/browser';
import { type FakePush, startFakePush } from '../helpers/fake-push';
import { waitUntil } from '../helpers/wait-until';
import { bookViaApi } from './support/api';
import { storeOnDevice } from './support/pages';
import { openPage, useStudentApp } from './support/student-app';

const clockDir = mkdtempSync(join(tmpdir(), 'pinjam-clock-'));
const clockFile = join(clockDir, 'now');
writeFileSync(clockFile, new Date('2026-12-01T08:00:00+07:00').toISOString());
afterAll(() => rmSync(clockDir, { recursive: true, force: true }));

const DATE = '2026-12-02';

/**
 * The browser's push service is faked like Telegram: with no network, Chromium cannot register with
 * its own, so the page's PushManager hands out the fake's subscription (endpoint and keys) and the
 * push the server sent there, decrypted, is delivered to the real service worker over CDP.
 */
async function phoneWithFakePush(page: Page, subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  await page.context().addInitScript((json) => {
    const subscribed = { ...JSON.parse(json), toJSON: () => JSON.parse(json) };
    PushManager.prototype.getSubscription = async () => null;
    PushManager.prototype.subscribe = async () => subscribed;
  }, JSON.stringify(subscription));
}

async function notificationsShown(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((shown) => ({
      title: shown.title,
      body: shown.body,
      actions: (shown as Notification & { actions: { action: string; title: string }[] }).actions.map(({ action, title }) => ({
        action,
        title,
      })),
    }));
  });
}

describe('Ingatkan di HP ini', () => {
  let push: FakePush;
  beforeAll(async () => {
    push = await startFakePush();
  });
  afterAll(async () => push.close());
  const app = useStudentApp({ env: { APP_CLOCK_FILE: clockFile, PUSH_ALLOW_LOOPBACK: '1' } });

  it('subscribes this phone at 360 px, shows an offer with Ambil and Lewati, and Ambil puts the slot on the card', async () => {
    const own = { name: 'Budi Santoso', date: DATE, start: '07:00', end: '08:00' };
    const token = await bookViaApi(app.baseUrl, own);
    const rizky = await bookViaApi(app.baseUrl, { name: 'Rizky Maulana', date: DATE, start: '10:00', end: '11:00' });
    const device = randomBytes(32).toString('base64url');
    const page = await openPage(app, { agreed: true, viewport: PHONE, serviceWorkers: 'allow' });
    await page.context().grantPermissions(['notifications'], { origin: app.baseUrl });
    await storeOnDevice(page, [{ token, ...own }], device);
    await phoneWithFakePush(page, push.subscription('e2e'));
    const cdp = await page.context().newCDPSession(page);
    const registrations: string[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
      for (const { registrationId, isDeleted } of updated) if (!isDeleted) registrations.push(registrationId);
    });
    await cdp.send('ServiceWorker.enable');

    await page.goto(`/?tanggal=${DATE}`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.getByRole('button', { name: pushMessages.button }).click();
    await page.getByText(pushMessages.subscribed).waitFor();

    const wait = { deviceSecret: device, name: 'Budi Santoso', date: DATE, start: '10:00', end: '11:00', reason: 'Ke kampus' };
    const waited = await fetch(`${app.baseUrl}/api/waits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(wait),
    });
    expect(waited.status).toBe(201);
    const cancelled = await fetch(`${app.baseUrl}/api/bookings/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: rizky }),
    });
    expect(cancelled.status).toBe(200);
    // The borrowers' round looks every 15 s in the built server.
    await waitUntil('the offer pushed', () => push.delivered.length > 0, 40_000);
    const offer = push.delivered[0]?.message;
    expect(offer?.body).toBe('Slot Rabu, 2 Desember 2026 jam 10:00-11:00 kosong, ditahan untukmu sampai jam 08:15.');

    await waitUntil('the service worker registered', () => registrations.length > 0);
    const deliver = () =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: app.baseUrl,
        registrationId: registrations.at(-1) ?? '',
        data: JSON.stringify(offer),
      });
    await deliver();
    // On a loaded machine Chromium sometimes drops a push handed over CDP to a worker it is still starting; a push service
    // delivers again, so the fake does too. The notification's tag (its outbox row) makes a second one replace the first.
    let delivered = 1;
    await expect
      .poll(
        async () => {
          const shown = await notificationsShown(page);
          if (shown.length === 0 && delivered < 6) {
            delivered += 1;
            await deliver();
          }
          return shown;
        },
        { interval: 1000 },
      )
      .toEqual([
        {
          title: pushMessages.title,
          body: offer?.body,
          actions: [
            { action: 'take', title: 'Ambil' },
            { action: 'skip', title: 'Lewati' },
          ],
        },
      ]);

    // `Ambil` pressed on the notification, as the worker's notificationclick handler gets it (push-sw.js):
    // it takes this phone to the offer's address, where the card presses it with the device's secret.
    const worker = page.context().serviceWorkers()[0] ?? (await page.context().waitForEvent('serviceworker'));
    await worker.evaluate(async () => {
      // The worker's own types (WebWorker's lib) are not the test's: what is used of them, named here.
      type Click = new (type: string, init: { notification: Notification; action: string }) => Event;
      const scope = self as unknown as { registration: ServiceWorkerRegistration; NotificationEvent: Click } & EventTarget;
      const [shown] = await scope.registration.getNotifications();
      if (!shown) throw new Error('no notification shown');
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: shown, action: 'take' }));
    });
    await page.waitForURL(`**/?tawaran=${offer?.offerId}&aksi=take`);
    await page.getByText(takenText('Budi Santoso', { date: DATE, start: '10:00', end: '11:00' })).waitFor();
    const card = page.getByRole('region', { name: 'Peminjaman kamu' });
    await card.getByText('10:00 - 11:00').waitFor();
    await card.getByRole('button', { name: /^Batalkan Rabu, 2 Desember 2026, 10:00 - 11:00$/ }).waitFor();
  });

  it('says once that the browser blocked notifications, and the button goes', async () => {
    const own = { name: 'Siti Rahmawati', date: DATE, start: '13:00', end: '14:00' };
    const token = await bookViaApi(app.baseUrl, own);
    const page = await openPage(app, { agreed: true, viewport: PHONE, serviceWorkers: 'allow' });
    await storeOnDevice(page, [{ token, ...own }]);
    await page.addInitScript(() => {
      Notification.requestPermission = async () => 'denied';
    });
    await page.goto(`/?tanggal=${DATE}`);
    await page.getByRole('button', { name: pushMessages.button }).click();
    await page.getByText(pushMessages.blocked).waitFor();
    expect(await page.getByRole('button', { name: pushMessages.button }).count()).toBe(0);
  });
});
