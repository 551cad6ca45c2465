import type { Executor } from '../../db/executor';
import { ADDRESS_LIMIT_WINDOW_MS, addressLimitRemainingMs } from '../../domain/admin/address-limits';
import { type AddressEventKind, deleteAddressEventsBefore, findAddressEventTimes, insertAddressEvent } from './repository';

/** Milliseconds until `ip` may do `kind` again. Read it under the booking lock, or parallel requests all slip under the limit. */
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

export async function forgetOldAddressEvents(db: Executor, now: Date): Promise<void> {
  await deleteAddressEventsBefore(db, new Date(now.getTime() - ADDRESS_LIMIT_WINDOW_MS));
}

/** The retention job's: events before `before`, whatever the booking writer has not deleted already. */
export async function pruneAddressEvents(db: Executor, before: Date): Promise<number> {
  return deleteAddressEventsBefore(db, before);
}
