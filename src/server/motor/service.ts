import type { Db } from '../../db/database';
import type { Executor } from '../../db/executor';
import { type KeyInfo, keyInfoLines, keyInfoOf, type MotorSettingsRequest, whatsAppDigits } from '../../domain/motor/key-place';
import { keyPlaceMessages } from '../../domain/motor/key-place-messages';
import { appendAuditEntry } from '../audit/service';
import { findBikeIdOfBooking, findKeyPlace, type StoredKeyPlace, writeKeyPlace } from './repository';

export { findBikes } from './repository';

/** Where the key is and the owner's WhatsApp, for any screen or message that tells a borrower (0051). */
export async function findKeyInfo(db: Executor): Promise<KeyInfo> {
  return keyInfoOf(await findKeyPlace(db));
}

/** The key of the bike a booking is on (0060). */
export async function findBookingKeyInfo(db: Executor, bookingId: number): Promise<KeyInfo> {
  return keyInfoOf(await findKeyPlace(db, await findBikeIdOfBooking(db, bookingId)));
}

/** The same as lines of text, for a Telegram message such as the borrower's reminder: none when nothing is set. */
export async function keyInfoText(db: Executor): Promise<string[]> {
  return keyInfoLines(await findKeyInfo(db));
}

function changeLines(before: StoredKeyPlace, after: StoredKeyPlace): string[] {
  const shown = (value: string | null, prefix = '') => (value ? `${prefix}${value}` : keyPlaceMessages.empty);
  return [
    before.keyPlace !== after.keyPlace && `${keyPlaceMessages.keyPlaceLabel}: ${shown(before.keyPlace)} → ${shown(after.keyPlace)}`,
    before.ownerWhatsApp !== after.ownerWhatsApp &&
      `${keyPlaceMessages.contactLabel}: ${shown(before.ownerWhatsApp, '+')} → ${shown(after.ownerWhatsApp, '+')}`,
  ].filter((line): line is string => line !== false);
}

/** Saved with an audit entry naming what changed (as `Data motor diubah`); nothing changed, nothing written. */
export function saveKeyPlaceByAdmin(db: Db, admin: { id: string; name: string }, edit: MotorSettingsRequest, now: Date): Promise<KeyInfo> {
  const after: StoredKeyPlace = {
    keyPlace: edit.keyPlace === '' ? null : edit.keyPlace,
    ownerWhatsApp: whatsAppDigits(edit.ownerContact) ?? null,
  };
  return db.kysely.transaction().execute(async (trx) => {
    const before = await findKeyPlace(trx);
    const changes = changeLines(before, after);
    if (changes.length > 0) {
      await writeKeyPlace(trx, after);
      await appendAuditEntry(trx, {
        at: now,
        actorUserId: admin.id,
        actorName: admin.name,
        action: 'motorbike-edited',
        target: keyPlaceMessages.keyPlaceLabel,
        detail: changes.join('; '),
      });
    }
    return keyInfoOf(after);
  });
}
