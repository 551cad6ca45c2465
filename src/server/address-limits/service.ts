import type { Executor } from '../../db/executor';
import { ADDRESS_LIMIT_WINDOW_MS, addressLimitRemainingMs } from '../../domain/address-limits';
import { type AddressEventKind, deleteAddressEventsBefore, findAddressEventTimes, insertAddressEvent } from './repository';

/**
 * Milliseconds until `ip` may do `kind` again: 0 while fewer than `maxPerHour` of its events fall
 * in the last hour. Counted in the database, so the limit holds across instances; read under the
 * booking lock, so parallel requests cannot all slip under it.
 */
export async function addressLimitWaitMs(
  db: Executor,
  { kind, ip, now, maxPerHour }: { kind: AddressEventKind; ip: string; now: Date; maxPerHour: number },
): Promise<number> {
  const since = new Date(now.getTime() - ADDRESS_LIMIT_WINDOW_MS);
  return addressLimitRemainingMs(await findAddressEventTimes(db, { kind, ip, since }), now, maxPerHour);
}

export async function recordAddressEvent(db: Executor, kind: AddressEventKind, ip: string, now: Date): Promise<void> {
  await insertAddressEvent(db, { kind, ip, at: now });
}

/** Events older than the window count for nothing. */
export async function forgetOldAddressEvents(db: Executor, now: Date): Promise<void> {
  await deleteAddressEventsBefore(db, new Date(now.getTime() - ADDRESS_LIMIT_WINDOW_MS));
}
