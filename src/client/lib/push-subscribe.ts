import { pushMessages } from '../../domain/push/push-messages';
import { deviceSecret } from './borrower-chat-api';
import { callApi } from './http';

const schemas = () => import('../../domain/schemas/push');

export type PushSubscribeResult = { kind: 'subscribed'; message: string } | { kind: 'blocked' } | { kind: 'failed'; message: string };

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return bytes;
}

/**
 * `Ingatkan di HP ini` (0058): the browser's permission, a subscription through the service worker
 * with the server's VAPID key, then the device and its bookings (`tokens`) told to the server.
 */
export async function subscribeThisDevice(tokens: string[]): Promise<PushSubscribeResult> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return { kind: 'blocked' };
  const key = await callApi(
    '/api/push/key',
    schemas().then((module) => module.pushKeyResponseSchema),
  );
  if (!key.ok) return { kind: 'failed', message: key.message };
  let subscription: PushSubscription;
  try {
    const registration = await navigator.serviceWorker.ready;
    subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key.data.publicKey) }));
  } catch {
    return { kind: 'failed', message: pushMessages.failed };
  }
  const sent = await callApi(
    '/api/push/subscriptions',
    schemas().then((module) => module.pushSubscribedResponseSchema),
    { method: 'POST', body: { deviceSecret: deviceSecret(), tokens, subscription: subscription.toJSON() } },
  );
  return sent.ok ? { kind: 'subscribed', message: sent.data.message } : { kind: 'failed', message: sent.message };
}
