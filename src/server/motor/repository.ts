import { compiledQuery } from '../../db/compiled-query';
import { toBoolean } from '../../db/database';
import type { Executor } from '../../db/executor';
import { type Bike, FIRST_BIKE_ID } from '../../domain/motor/bikes';

export interface StoredKeyPlace {
  keyPlace: string | null;
  ownerWhatsApp: string | null;
}

// The bike's other columns are the handover room's; this room reads and writes only these two.
export async function findKeyPlace(db: Executor, motorbikeId = FIRST_BIKE_ID): Promise<StoredKeyPlace> {
  const row = await db
    .selectFrom('motorbike')
    .select(['key_place', 'owner_whatsapp'])
    .where('id', '=', motorbikeId)
    .executeTakeFirstOrThrow();
  return { keyPlace: row.key_place, ownerWhatsApp: row.owner_whatsapp };
}

export async function writeKeyPlace(db: Executor, stored: StoredKeyPlace): Promise<void> {
  await db.updateTable('motorbike').set({ key_place: stored.keyPlace, owner_whatsapp: stored.ownerWhatsApp }).where('id', '=', 1).execute();
}

const bikesQuery = compiledQuery((db, _none: Record<string, never>) =>
  db.selectFrom('motorbike').select(['id', 'name', 'plate', 'active']).orderBy('sort_order').orderBy('id'),
);

/** Every bike, inactive ones too, in the Motor tab's order. */
export async function findBikes(db: Executor): Promise<Bike[]> {
  const { rows } = await bikesQuery(db, {});
  return rows.map((row) => ({ id: row.id, name: row.name, plate: row.plate, active: toBoolean(row.active) }));
}

export async function findBikeIdOfBooking(db: Executor, bookingId: number): Promise<number> {
  const row = await db.selectFrom('borrow_request').select('motorbike_id').where('id', '=', bookingId).executeTakeFirst();
  return row?.motorbike_id ?? FIRST_BIKE_ID;
}
