import { createHash } from 'node:crypto';
import type { Db } from '../../db/database';
import type { Executor } from '../../db/executor';
import { OWNER_CODE_TTL_MS } from '../../domain/chat/owner-bot';
import { bikeDeactivationMessages, liveBookingCount } from '../../domain/motor/bike-deactivation';
import { bikeMessages } from '../../domain/motor/bike-messages';
import {
  type BikeEditRequest,
  type BikeView,
  FIRST_BIKE_ID,
  leavesNoActiveBike,
  movedOrder,
  type NewBikeRequest,
} from '../../domain/motor/bikes';
import { keyInfoOf, type MotorSettingsRequest, whatsAppDigits } from '../../domain/motor/key-place';
import { type Clock, localMomentIn } from '../../domain/time/clock';
import { appendAuditEntry } from '../audit/service';
import { withBookingLock } from '../bookings/booking-lock';
import {
  type BikeRow,
  findBikeRows,
  findLinkedOwnerRows,
  findOpenBookingsOfBike,
  findOwnedBikes,
  insertBike,
  updateBike,
  useOwnerCode,
  writeBikeKeyPlace,
  writeBikeOrder,
  writeOwnerCode,
} from './bikes-repository';

export type BikeOutcome = { kind: 'ok'; bike: BikeView } | { kind: 'invalid'; errors: Record<string, string> } | { kind: 'notFound' };

interface Admin {
  id: string;
  name: string;
}

function viewOf(row: BikeRow): BikeView {
  return {
    id: row.id,
    name: row.name,
    plate: row.plate,
    active: row.active,
    lastKm: row.lastKm,
    keyInfo: keyInfoOf(row),
    owner: row.id === FIRST_BIKE_ID ? 'main-chat' : row.ownerChatId === null ? 'not-linked' : 'linked',
  };
}

export async function listBikes(db: Executor): Promise<BikeView[]> {
  return (await findBikeRows(db)).map(viewOf);
}

function audit(trx: Executor, admin: Admin, now: Date, action: 'motorbike-added' | 'motorbike-edited', target: string, detail: string) {
  return appendAuditEntry(trx, { at: now, actorUserId: admin.id, actorName: admin.name, action, target, detail });
}

function nameTaken(rows: readonly BikeRow[], name: string, except?: number): boolean {
  return rows.some((row) => row.id !== except && row.name.toLocaleLowerCase('id') === name.toLocaleLowerCase('id'));
}

/** `Tambah motor`: last in the Motor tab's order, active, its owner not linked yet. */
export function addBikeByAdmin(db: Db, admin: Admin, request: NewBikeRequest, now: Date): Promise<BikeOutcome> {
  return db.kysely.transaction().execute(async (trx): Promise<BikeOutcome> => {
    if (nameTaken(await findBikeRows(trx), request.name)) return { kind: 'invalid', errors: { name: bikeMessages.nameTaken } };
    const id = await insertBike(trx, request);
    await audit(trx, admin, now, 'motorbike-added', request.name, request.plate ? `${bikeMessages.plateLabel}: ${request.plate}` : '');
    const row = (await findBikeRows(trx)).find((bike) => bike.id === id);
    return row ? { kind: 'ok', bike: viewOf(row) } : { kind: 'notFound' };
  });
}

function editLines(before: BikeRow, edit: BikeEditRequest): string[] {
  const shown = (active: boolean) => (active ? 'ya' : 'tidak');
  return [
    before.name !== edit.name && `${bikeMessages.nameLabel}: ${before.name} → ${edit.name}`,
    before.plate !== edit.plate && `${bikeMessages.plateLabel}: ${before.plate || '-'} → ${edit.plate || '-'}`,
    before.active !== edit.active && `${bikeMessages.activeLabel}: ${shown(before.active)} → ${shown(edit.active)}`,
  ].filter((line): line is string => line !== false);
}

export async function bikeNameTaken(db: Executor, name: string, id = FIRST_BIKE_ID): Promise<boolean> {
  return nameTaken(await findBikeRows(db), name, id);
}

async function deactivationRefusal(trx: Executor, before: BikeRow, edit: BikeEditRequest, clock: Clock): Promise<string | undefined> {
  if (edit.active || !before.active) return undefined;
  const now = localMomentIn(clock.timeZone, clock.now);
  const live = liveBookingCount(await findOpenBookingsOfBike(trx, before.id, now.date), now);
  return live > 0 ? bikeDeactivationMessages.liveBookings(live) : undefined;
}

/** Name, plate and `Aktif`, under the booking lock: not off for the last active bike, nor while bookings on it have not ended (0063). */
export function editBikeByAdmin(db: Db, admin: Admin, id: number, edit: BikeEditRequest, clock: Clock): Promise<BikeOutcome> {
  return withBookingLock(db, async (trx): Promise<BikeOutcome> => {
    const rows = await findBikeRows(trx);
    const before = rows.find((row) => row.id === id);
    if (!before) return { kind: 'notFound' };
    if (nameTaken(rows, edit.name, id)) return { kind: 'invalid', errors: { name: bikeMessages.nameTaken } };
    if (leavesNoActiveBike(rows, id, edit.active)) return { kind: 'invalid', errors: { active: bikeMessages.lastActive } };
    const refusal = await deactivationRefusal(trx, before, edit, clock);
    if (refusal) return { kind: 'invalid', errors: { active: refusal } };
    const changes = editLines(before, edit);
    if (changes.length > 0) {
      await updateBike(trx, id, edit);
      await audit(trx, admin, clock.now, 'motorbike-edited', edit.name, changes.join('; '));
    }
    return { kind: 'ok', bike: viewOf({ ...before, ...edit }) };
  });
}

/** One place up or down in the Motor tab's order, the order `Motor mana saja` tries. */
export function moveBikeByAdmin(db: Db, id: number, direction: 'up' | 'down'): Promise<BikeView[] | undefined> {
  return db.kysely.transaction().execute(async (trx) => {
    const rows = await findBikeRows(trx);
    if (!rows.some((row) => row.id === id)) return undefined;
    await writeBikeOrder(
      trx,
      movedOrder(
        rows.map((row) => row.id),
        id,
        direction,
      ),
    );
    return listBikes(trx);
  });
}

/** A bike's `Tempat ambil kunci` and `Kontak pemilik`. */
export function saveBikeKeyPlace(db: Db, admin: Admin, id: number, edit: MotorSettingsRequest, now: Date): Promise<BikeOutcome> {
  const after = { keyPlace: edit.keyPlace === '' ? null : edit.keyPlace, ownerWhatsApp: whatsAppDigits(edit.ownerContact) ?? null };
  return db.kysely.transaction().execute(async (trx): Promise<BikeOutcome> => {
    const before = (await findBikeRows(trx)).find((row) => row.id === id);
    if (!before) return { kind: 'notFound' };
    if (before.keyPlace !== after.keyPlace || before.ownerWhatsApp !== after.ownerWhatsApp) {
      await writeBikeKeyPlace(trx, id, after);
      const detail = `${bikeMessages.nameLabel}: ${before.name}`;
      await audit(trx, admin, now, 'motorbike-edited', after.keyPlace ?? '-', detail);
    }
    return { kind: 'ok', bike: viewOf({ ...before, ...after }) };
  });
}

const hashOwnerCode = (code: string) => createHash('sha256').update(code, 'utf8').digest('hex');

export type OwnerCodeOutcome = { kind: 'ok'; expiresAt: string } | { kind: 'notFound' } | { kind: 'firstBike' };

export async function makeOwnerCode(trx: Executor, admin: Admin, id: number, code: string, now: Date): Promise<OwnerCodeOutcome> {
  const bike = (await findBikeRows(trx)).find((row) => row.id === id);
  if (!bike) return { kind: 'notFound' };
  if (bike.id === FIRST_BIKE_ID) return { kind: 'firstBike' };
  const expiresAt = new Date(now.getTime() + OWNER_CODE_TTL_MS).toISOString();
  await writeOwnerCode(trx, id, { hash: hashOwnerCode(code), expiresAt });
  await audit(trx, admin, now, 'motorbike-edited', bike.name, bikeMessages.ownerCodeAudit);
  return { kind: 'ok', expiresAt };
}

/** `/start {code}` in a private chat: that chat is the bike's owner from now on; undefined for a code unknown, used or expired. */
export function linkOwnerChat(db: Db, chatId: string, code: string, now: Date): Promise<{ id: number; name: string } | undefined> {
  return db.kysely.transaction().execute((trx) => useOwnerCode(trx, hashOwnerCode(code), chatId, now.toISOString()));
}

export function findBikesOwnedBy(db: Executor, chatId: string | null) {
  return findOwnedBikes(db, chatId);
}

export async function findLinkedOwners(db: Executor): Promise<Map<string, number[]>> {
  const owners = new Map<string, number[]>();
  for (const { id, chatId } of await findLinkedOwnerRows(db)) owners.set(chatId, [...(owners.get(chatId) ?? []), id]);
  return owners;
}
