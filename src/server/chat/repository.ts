import type { Executor } from '../../db/executor';
import type { ChatBooking } from '../../domain/chat/borrower-bot';
import { SPAN_COLUMN, SPAN_COLUMNS, STAGE_COLUMNS, toSpan, toStage } from '../bookings/booking-row';

export async function findOrAddDevice(db: Executor, secretHash: string, now: Date): Promise<number> {
  await db
    .insertInto('borrower_device')
    .values({ secret_hash: secretHash, created_at: now.toISOString() })
    .onConflict((conflict) => conflict.column('secret_hash').doNothing())
    .execute();
  const row = await db.selectFrom('borrower_device').select('id').where('secret_hash', '=', secretHash).executeTakeFirstOrThrow();
  return row.id;
}

export async function findDevice(db: Executor, secretHash: string): Promise<number | undefined> {
  const row = await db.selectFrom('borrower_device').select('id').where('secret_hash', '=', secretHash).executeTakeFirst();
  return row?.id;
}

export async function addDeviceBookings(db: Executor, deviceId: number, bookingIds: number[]): Promise<void> {
  if (bookingIds.length === 0) return;
  await db
    .insertInto('borrower_device_booking')
    .values(bookingIds.map((bookingId) => ({ device_id: deviceId, booking_id: bookingId })))
    .onConflict((conflict) => conflict.columns(['device_id', 'booking_id']).doNothing())
    .execute();
}

export async function insertLinkCode(db: Executor, code: { hash: string; deviceId: number; now: Date; expiresAt: Date }): Promise<void> {
  await db
    .insertInto('borrower_link_code')
    .values({
      code_hash: code.hash,
      device_id: code.deviceId,
      created_at: code.now.toISOString(),
      expires_at: code.expiresAt.toISOString(),
    })
    .execute();
}

/** The code's device, marking it used in the same statement, so two chats cannot both use it; undefined when unknown, used or expired. */
export async function useLinkCode(db: Executor, hash: string, now: Date): Promise<number | undefined> {
  const at = now.toISOString();
  const row = await db
    .updateTable('borrower_link_code')
    .set({ used_at: at })
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('device_id')
    .executeTakeFirst();
  return row?.device_id;
}

export async function linkChat(db: Executor, chatId: string, deviceId: number, now: Date): Promise<void> {
  await db
    .insertInto('borrower_chat')
    .values({ chat_id: chatId, device_id: deviceId, linked_at: now.toISOString() })
    .onConflict((conflict) => conflict.columns(['chat_id', 'device_id']).doNothing())
    .execute();
}

/** How many links were deleted. */
export async function unlinkChat(db: Executor, chatId: string): Promise<number> {
  const result = await db.deleteFrom('borrower_chat').where('chat_id', '=', chatId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function isChatLinked(db: Executor, chatId: string): Promise<boolean> {
  const row = await db.selectFrom('borrower_chat').select('device_id').where('chat_id', '=', chatId).executeTakeFirst();
  return row !== undefined;
}

/** The names a device booked under, in the order booked. */
export async function findDeviceNames(db: Executor, deviceId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('borrower_device_booking as d')
    .innerJoin('borrow_request as b', 'b.id', 'd.booking_id')
    .innerJoin('users as u', 'u.id', 'b.users_id')
    .select('u.name')
    .where('d.device_id', '=', deviceId)
    .orderBy('b.id')
    .execute();
  return rows.map((row) => row.name);
}

/** Every chat linked to a device the booking was made from (or linked with). */
export async function findBookingChats(db: Executor, bookingId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('borrower_device_booking as d')
    .innerJoin('borrower_chat as c', 'c.device_id', 'd.device_id')
    .select('c.chat_id')
    .distinct()
    .where('d.booking_id', '=', bookingId)
    .orderBy('c.chat_id')
    .execute();
  return rows.map((row) => row.chat_id);
}

/** Booking id → its linked chats, for the bookings among `bookingIds` that have any. */
export async function findChatsOfBookings(db: Executor, bookingIds: number[]): Promise<Map<number, string[]>> {
  const chats = new Map<number, string[]>();
  if (bookingIds.length === 0) return chats;
  const rows = await db
    .selectFrom('borrower_device_booking as d')
    .innerJoin('borrower_chat as c', 'c.device_id', 'd.device_id')
    .select(['d.booking_id', 'c.chat_id'])
    .distinct()
    .where('d.booking_id', 'in', bookingIds)
    .execute();
  for (const row of rows) {
    const list = chats.get(row.booking_id) ?? [];
    if (!list.includes(row.chat_id)) list.push(row.chat_id);
    chats.set(row.booking_id, list);
  }
  return chats;
}

/** The refs of the bookings not cancelled that a chat is linked to. */
export async function findChatBookingRefs(db: Executor, chatId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('borrower_chat as c')
    .innerJoin('borrower_device_booking as d', 'd.device_id', 'c.device_id')
    .innerJoin('borrow_request as b', 'b.id', 'd.booking_id')
    .select('b.ref')
    .distinct()
    .where('c.chat_id', '=', chatId)
    .where('b.cancelled_at', 'is', null)
    .where('b.ref', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.ref === null ? [] : [row.ref]));
}

export interface LinkedBooking extends ChatBooking {
  id: number;
  motorbikeId: number;
  chats: string[];
}

/**
 * The bookings not cancelled of a known device, with its linked chats if any (it may have push only), that start from `fromDate` to
 * `toDate`, and those out now however old (a loan late for days is still late).
 */
export async function findLinkedBookings(db: Executor, fromDate: string, toDate: string): Promise<LinkedBooking[]> {
  const rows = await db
    .selectFrom('borrower_device_booking as d')
    .leftJoin('borrower_chat as c', 'c.device_id', 'd.device_id')
    .innerJoin('borrow_request as b', 'b.id', 'd.booking_id')
    .select(['b.id', 'b.ref', ...SPAN_COLUMNS, 'b.need_stnk', 'b.created_at', ...STAGE_COLUMNS, 'c.chat_id', 'b.motorbike_id'])
    .where('b.cancelled_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb(SPAN_COLUMN.date, '>=', fromDate), eb(SPAN_COLUMN.date, '<=', toDate)]),
        eb.and([eb('b.picked_up_at', 'is not', null), eb('b.returned_at', 'is', null), eb('b.released_at', 'is', null)]),
      ]),
    )
    .orderBy('b.id')
    .orderBy('c.chat_id')
    .execute();
  const byId = new Map<number, LinkedBooking>();
  for (const row of rows) {
    const known = byId.get(row.id);
    if (known) {
      if (row.chat_id !== null && !known.chats.includes(row.chat_id)) known.chats.push(row.chat_id);
      continue;
    }
    if (row.ref === null) continue;
    byId.set(row.id, {
      id: row.id,
      ref: row.ref,
      motorbikeId: row.motorbike_id,
      ...toSpan(row),
      needStnk: Boolean(row.need_stnk),
      createdAt: row.created_at,
      cancelled: false,
      stage: toStage(row),
      chats: row.chat_id === null ? [] : [row.chat_id],
    });
  }
  return [...byId.values()];
}

/** The newest buttons put under a message of the chat, with when; undefined when never changed. */
export async function findNewestKeyboardEdit(
  db: Executor,
  chatId: string,
  messageId: number,
): Promise<{ payload: string; createdAt: string } | undefined> {
  const row = await db
    .selectFrom('outbox')
    .select(['payload', 'created_at'])
    .where('kind', '=', 'borrower-keyboard')
    .where('chat_id', '=', chatId)
    .where('payload', 'like', `{"messageId":${messageId},%`)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row && { payload: row.payload, createdAt: row.created_at };
}
