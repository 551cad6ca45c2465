import type { Executor } from '../../db/executor';

export interface StoredSubscription {
  id: number;
  deviceId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

const COLUMNS = ['id', 'device_id', 'endpoint', 'p256dh', 'auth'] as const;

function toSubscription(row: { id: number; device_id: number; endpoint: string; p256dh: string; auth: string }): StoredSubscription {
  return { id: row.id, deviceId: row.device_id, endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth };
}

/** An endpoint is one browser's: subscribing it again (new keys, or from another device secret) replaces the row's keys and device. */
export async function upsertSubscription(
  db: Executor,
  row: { deviceId: number; endpoint: string; p256dh: string; auth: string; now: Date },
): Promise<void> {
  const values = { device_id: row.deviceId, endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth };
  await db
    .insertInto('push_subscription')
    .values({ ...values, created_at: row.now.toISOString() })
    .onConflict((conflict) => conflict.column('endpoint').doUpdateSet(values))
    .execute();
}

export async function deleteDeviceSubscription(db: Executor, deviceId: number, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscription').where('device_id', '=', deviceId).where('endpoint', '=', endpoint).execute();
}

export async function deleteSubscription(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('push_subscription').where('id', '=', id).execute();
}

export async function findSubscription(db: Executor, id: number): Promise<StoredSubscription | undefined> {
  const row = await db.selectFrom('push_subscription').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && toSubscription(row);
}

export async function findDeviceSubscriptionIds(db: Executor, deviceId: number): Promise<number[]> {
  const rows = await db.selectFrom('push_subscription').select('id').where('device_id', '=', deviceId).orderBy('id').execute();
  return rows.map((row) => row.id);
}

/** The subscriptions of every device the booking was made from or linked with. */
export async function findBookingSubscriptionIds(db: Executor, bookingId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('borrower_device_booking as d')
    .innerJoin('push_subscription as p', 'p.device_id', 'd.device_id')
    .select('p.id')
    .where('d.booking_id', '=', bookingId)
    .orderBy('p.id')
    .execute();
  return rows.map((row) => row.id);
}

export async function findStoredKeys(db: Executor): Promise<{ publicKey: string; privateKey: string } | undefined> {
  const row = await db.selectFrom('push_key').select(['public_key', 'private_key']).where('id', '=', 1).executeTakeFirst();
  return row && { publicKey: row.public_key, privateKey: row.private_key };
}

/** The first instance's keys win: a second insert is a no-op. */
export async function insertKeysOnce(db: Executor, keys: { publicKey: string; privateKey: string }, now: Date): Promise<void> {
  await db
    .insertInto('push_key')
    .values({ id: 1, public_key: keys.publicKey, private_key: keys.privateKey, created_at: now.toISOString() })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}
