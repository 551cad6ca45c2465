import type { Db } from '../../src/db/database';

export interface NewBike {
  id: number;
  name: string;
  plate?: string;
  active?: boolean;
}

/** A bike written straight into the table, after the first, in the Motor tab's order of its id. */
export async function addBike(db: Db, bike: NewBike): Promise<void> {
  await db.kysely
    .insertInto('motorbike')
    .values({
      id: bike.id,
      name: bike.name,
      plate: bike.plate ?? '',
      active: bike.active ?? true,
      sort_order: bike.id,
      last_km: null,
      last_fuel: null,
      key_place: null,
      owner_whatsapp: null,
      owner_chat_id: null,
      owner_link_code_hash: null,
      owner_link_expires_at: null,
    })
    .execute();
}

/** The bike of each booking starting at `start` on `date`, by booking id. */
export async function bikesOfBookings(db: Db, date: string): Promise<{ start: string; motorbikeId: number; usersId: string }[]> {
  const rows = await db.kysely
    .selectFrom('borrow_request')
    .select(['start_time', 'motorbike_id', 'users_id'])
    .where('borrow_date', '=', date)
    .where('cancelled_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ start: row.start_time, motorbikeId: row.motorbike_id, usersId: row.users_id }));
}
