import type { Executor } from '../../db/executor';
import { namesBikes } from '../../domain/motor/bikes';
import { keyInfoLines } from '../../domain/motor/key-place';
import { findBikeIdOfBooking, findBikes } from './repository';
import { findBookingKeyInfo } from './service';

/** Each bike's name by id when two or more bikes are active (0060); none with one, when no text names a bike. */
export async function findShownBikeNames(db: Executor): Promise<Map<number, string> | undefined> {
  const bikes = await findBikes(db);
  return namesBikes(bikes) ? new Map(bikes.map((bike) => [bike.id, bike.name])) : undefined;
}

/** Every bike's id, inactive ones too: a feed or a filter may ask for a bike that keeps only its history. */
export async function bikeExists(db: Executor, id: number): Promise<boolean> {
  return (await findBikes(db)).some((bike) => bike.id === id);
}

/** The booking's bike's name when bikes are named, for a message about the booking. */
export async function findShownBikeNameOfBooking(db: Executor, bookingId: number): Promise<string | undefined> {
  const names = await findShownBikeNames(db);
  return names?.get(await findBikeIdOfBooking(db, bookingId));
}

/** Where the key of the booking's own bike is, as lines of a borrower's reminder: none when nothing is set. */
export async function bookingKeyInfoText(db: Executor, bookingId: number): Promise<string[]> {
  return keyInfoLines(await findBookingKeyInfo(db, bookingId));
}
