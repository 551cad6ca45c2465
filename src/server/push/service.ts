import type { Db } from '../../db/database';
import type { Executor } from '../../db/executor';
import { legacyMarkdownToPlain } from '../../domain/chat/telegram-text';
import type { PushSubscriptionBody } from '../../domain/schemas/push';
import type { TokenOutcome } from '../bookings/cancel/token-lookup';
import { findDevice, hashSecret, proveDevice } from '../chat/devices';
import type { BorrowerChannel, DeviceMessage } from '../chat/notify';
import { enqueueOutbox } from '../telegram/outbox/enqueue';
import { deleteDeviceSubscription, findBookingSubscriptionIds, findDeviceSubscriptionIds, upsertSubscription } from './repository';
import { isSafeEndpoint } from './safe-endpoint';

// An offer is worth nothing once its hold ends; a reminder or notice little after an hour.
const OFFER_TTL_SECONDS = 15 * 60;
const NOTICE_TTL_SECONDS = 60 * 60;

export type SubscribeOutcome = TokenOutcome<true> | { kind: 'unsafe' };

export interface SubscribeRequest {
  deviceSecret: string;
  tokens: string[];
  subscription: PushSubscriptionBody;
  ip: string;
  now: Date;
  timeZone: string;
}

/** `Ingatkan di HP ini`: the endpoint checked (safe-endpoint.ts), the device proved by its bookings' secrets (chat's proveDevice). */
export async function subscribe(db: Db, request: SubscribeRequest, allowLoopback: boolean): Promise<SubscribeOutcome> {
  const { endpoint, keys } = request.subscription;
  if (!(await isSafeEndpoint(endpoint, allowLoopback))) return { kind: 'unsafe' };
  const proved = await proveDevice(db, request);
  if (proved.kind !== 'found') return proved;
  await upsertSubscription(db.kysely, { deviceId: proved.value, endpoint, p256dh: keys.p256dh, auth: keys.auth, now: request.now });
  return { kind: 'found', value: true };
}

export async function unsubscribe(db: Db, deviceSecret: string, endpoint: string): Promise<void> {
  const deviceId = await findDevice(db.kysely, hashSecret(deviceSecret));
  if (deviceId !== undefined) await deleteDeviceSubscription(db.kysely, deviceId, endpoint);
}

async function enqueueTo(db: Executor, subscriptionIds: number[], message: DeviceMessage, now: Date): Promise<number> {
  const offer = message.offerId !== undefined;
  const base = {
    text: legacyMarkdownToPlain(message.text),
    ...(offer ? { offerId: message.offerId } : {}),
    ttlSeconds: offer ? OFFER_TTL_SECONDS : NOTICE_TTL_SECONDS,
    urgency: 'high' as const,
  };
  let written = 0;
  for (const subscriptionId of subscriptionIds) {
    const dedupeKey = `push:${message.key}@${subscriptionId}`;
    if (await enqueueOutbox(db, 'push', { subscriptionId, ...base }, { now, dedupeKey })) written += 1;
  }
  return written;
}

/** The borrower's messages as pushes, one outbox row per subscription and key (installed by the composition root, chat/notify.ts). */
export const pushChannel: BorrowerChannel = {
  toBooking: async (db, bookingId, message, now) => enqueueTo(db, await findBookingSubscriptionIds(db, bookingId), message, now),
  toDevice: async (db, deviceId, message, now) => enqueueTo(db, await findDeviceSubscriptionIds(db, deviceId), message, now),
  reaches: async (db, deviceId) => (await findDeviceSubscriptionIds(db, deviceId)).length > 0,
};
