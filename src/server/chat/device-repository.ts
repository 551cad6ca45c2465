import type { Executor } from '../../db/executor';

/** Of `bookingIds`, those brought back or released. */
export async function findHandedBackBookings(db: Executor, bookingIds: readonly number[]): Promise<Set<number>> {
  if (bookingIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('borrow_request')
    .select('id')
    .where('id', 'in', bookingIds)
    .where((eb) => eb.or([eb('returned_at', 'is not', null), eb('released_at', 'is not', null)]))
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Of `bookingIds`, those already linked to `max` devices other than `deviceId`. */
export async function findBookingsAtDeviceLimit(
  db: Executor,
  bookingIds: readonly number[],
  deviceId: number | undefined,
  max: number,
): Promise<Set<number>> {
  if (bookingIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('borrower_device_booking')
    .select((eb) => ['booking_id', eb.fn.count<number>('device_id').as('devices')])
    .where('booking_id', 'in', bookingIds)
    .where('device_id', '!=', deviceId ?? -1)
    .groupBy('booking_id')
    .execute();
  return new Set(rows.filter((row) => Number(row.devices) >= max).map((row) => row.booking_id));
}

/** The chats linked to a device, in the order linked. */
export async function findChatsOfDevice(db: Executor, deviceId: number): Promise<string[]> {
  const rows = await db.selectFrom('borrower_chat').select('chat_id').where('device_id', '=', deviceId).orderBy('linked_at').execute();
  return rows.map((row) => row.chat_id);
}

/** Unlinks every chat of the device and gives it a new secret: whoever read the old one holds nothing. */
export async function unlinkDeviceChats(db: Executor, deviceId: number, newSecretHash: string): Promise<number> {
  const result = await db.deleteFrom('borrower_chat').where('device_id', '=', deviceId).executeTakeFirst();
  await db.updateTable('borrower_device').set({ secret_hash: newSecretHash }).where('id', '=', deviceId).execute();
  await db.deleteFrom('borrower_link_code').where('device_id', '=', deviceId).where('used_at', 'is', null).execute();
  return Number(result.numDeletedRows);
}

/** The daily clean-up: link codes expired, then devices with no chat, no code still valid, no wait and no push subscription. */
export async function deleteStaleLinks(db: Executor, now: Date): Promise<{ codes: number; devices: number }> {
  const at = now.toISOString();
  const codes = await db.deleteFrom('borrower_link_code').where('expires_at', '<=', at).executeTakeFirst();
  const stale = db
    .selectFrom('borrower_device as d')
    .select('d.id')
    .where('d.created_at', '<=', at)
    .where((eb) =>
      eb.and([
        eb.not(eb.exists(eb.selectFrom('borrower_chat as c').select('c.device_id').whereRef('c.device_id', '=', 'd.id'))),
        eb.not(eb.exists(eb.selectFrom('borrower_link_code as l').select('l.device_id').whereRef('l.device_id', '=', 'd.id'))),
        eb.not(eb.exists(eb.selectFrom('slot_wait as w').select('w.device_id').whereRef('w.device_id', '=', 'd.id'))),
        eb.not(eb.exists(eb.selectFrom('push_subscription as p').select('p.device_id').whereRef('p.device_id', '=', 'd.id'))),
      ]),
    );
  await db.deleteFrom('borrower_device_booking').where('device_id', 'in', stale).execute();
  const devices = await db.deleteFrom('borrower_device').where('id', 'in', stale).executeTakeFirst();
  return { codes: Number(codes.numDeletedRows), devices: Number(devices.numDeletedRows) };
}
