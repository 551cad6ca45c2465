import { toBoolean } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { BikeBooking } from '../../domain/motor/bike-deactivation';

export interface BikeRow {
  id: number;
  name: string;
  plate: string;
  active: boolean;
  lastKm: number | null;
  keyPlace: string | null;
  ownerWhatsApp: string | null;
  ownerChatId: string | null;
}

export async function findBikeRows(db: Executor): Promise<BikeRow[]> {
  const rows = await db
    .selectFrom('motorbike')
    .select(['id', 'name', 'plate', 'active', 'last_km', 'key_place', 'owner_whatsapp', 'owner_chat_id'])
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    plate: row.plate,
    active: toBoolean(row.active),
    lastKm: row.last_km,
    keyPlace: row.key_place,
    ownerWhatsApp: row.owner_whatsapp,
    ownerChatId: row.owner_chat_id,
  }));
}

/** Ids are not serial on either engine (the first bike's row was written with id 1): the next is one past the highest. */
export async function insertBike(db: Executor, bike: { name: string; plate: string }): Promise<number> {
  const top = await db
    .selectFrom('motorbike')
    .select((eb) => [eb.fn.max('id').as('id'), eb.fn.max('sort_order').as('order')])
    .executeTakeFirstOrThrow();
  const id = Number(top.id ?? 0) + 1;
  await db
    .insertInto('motorbike')
    .values({
      id,
      name: bike.name,
      plate: bike.plate,
      sort_order: Number(top.order ?? 0) + 1,
      last_km: null,
      last_fuel: null,
      key_place: null,
      owner_whatsapp: null,
      owner_chat_id: null,
      owner_link_code_hash: null,
      owner_link_expires_at: null,
    })
    .execute();
  return id;
}

export async function updateBike(db: Executor, id: number, bike: { name: string; plate: string; active: boolean }): Promise<void> {
  await db.updateTable('motorbike').set(bike).where('id', '=', id).execute();
}

export async function writeBikeOrder(db: Executor, ids: readonly number[]): Promise<void> {
  for (const [index, id] of ids.entries())
    await db
      .updateTable('motorbike')
      .set({ sort_order: index + 1 })
      .where('id', '=', id)
      .execute();
}

export async function writeBikeKeyPlace(db: Executor, id: number, stored: { keyPlace: string | null; ownerWhatsApp: string | null }) {
  await db
    .updateTable('motorbike')
    .set({ key_place: stored.keyPlace, owner_whatsapp: stored.ownerWhatsApp })
    .where('id', '=', id)
    .execute();
}

export async function writeOwnerCode(db: Executor, id: number, code: { hash: string; expiresAt: string }): Promise<void> {
  await db
    .updateTable('motorbike')
    .set({ owner_link_code_hash: code.hash, owner_link_expires_at: code.expiresAt })
    .where('id', '=', id)
    .execute();
}

/** The code is spent whether or not it was still valid: a code is tried once. */
export async function useOwnerCode(
  db: Executor,
  hash: string,
  chatId: string,
  now: string,
): Promise<{ id: number; name: string } | undefined> {
  const bike = await db
    .selectFrom('motorbike')
    .select(['id', 'name', 'owner_link_expires_at'])
    .where('owner_link_code_hash', '=', hash)
    .executeTakeFirst();
  if (!bike) return undefined;
  const valid = bike.owner_link_expires_at !== null && bike.owner_link_expires_at > now;
  await db
    .updateTable('motorbike')
    .set({ owner_link_code_hash: null, owner_link_expires_at: null, ...(valid ? { owner_chat_id: chatId } : {}) })
    .where('id', '=', bike.id)
    .execute();
  return valid ? { id: bike.id, name: bike.name } : undefined;
}

export async function findOwnedBikes(db: Executor, chatId: string | null): Promise<{ id: number; name: string; active: boolean }[]> {
  const rows = await db
    .selectFrom('motorbike')
    .select(['id', 'name', 'active'])
    .where((eb) => (chatId === null ? eb('owner_chat_id', 'is', null) : eb('owner_chat_id', '=', chatId)))
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, active: toBoolean(row.active) }));
}

export async function findLinkedOwnerRows(db: Executor): Promise<{ id: number; chatId: string }[]> {
  const rows = await db
    .selectFrom('motorbike')
    .select(['id', 'owner_chat_id'])
    .where('owner_chat_id', 'is not', null)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.flatMap((row) => (row.owner_chat_id === null ? [] : [{ id: row.id, chatId: row.owner_chat_id }]));
}

export async function findOpenBookingsOfBike(db: Executor, id: number, today: string): Promise<BikeBooking[]> {
  const rows = await db
    .selectFrom('borrow_request')
    .select(['borrow_date', 'end_date', 'end_time', 'picked_up_at'])
    .where('motorbike_id', '=', id)
    .where('cancelled_at', 'is', null)
    .where('returned_at', 'is', null)
    .where('released_at', 'is', null)
    .where((eb) => eb.or([eb('picked_up_at', 'is not', null), eb(eb.fn.coalesce('end_date', 'borrow_date'), '>=', today)]))
    .execute();
  return rows.map((row) => ({
    stage: row.picked_up_at === null ? 'booked' : 'pickedUp',
    end: row.end_time,
    endDate: row.end_date ?? row.borrow_date,
  }));
}
