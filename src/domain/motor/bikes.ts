import { bikeMessages } from './bike-messages';

/** A row of the Motor tab (0060), in its order. */
export interface Bike {
  id: number;
  name: string;
  plate: string;
  active: boolean;
}

/** The first bike: the one of installs from before several bikes, whose owner is `TELEGRAM_CHAT_ID`. */
export const FIRST_BIKE_ID = 1;

export type BikeCandidates = { kind: 'candidates'; bikes: Bike[] } | { kind: 'refused'; error: string };

/**
 * The bikes a booking may take, in the order they are tried: the chosen one when it is active, else (`Motor mana saja`) every
 * active bike in the Motor tab's order. A chosen bike that is unknown or inactive takes no booking.
 */
export function bikeCandidates(bikes: readonly Bike[], chosenId: number | undefined): BikeCandidates {
  const active = bikes.filter((bike) => bike.active);
  if (chosenId === undefined)
    return active.length > 0 ? { kind: 'candidates', bikes: active } : { kind: 'refused', error: bikeMessages.noActiveBike };
  const chosen = active.find((bike) => bike.id === chosenId);
  return chosen ? { kind: 'candidates', bikes: [chosen] } : { kind: 'refused', error: bikeMessages.bikeUnavailable };
}

/** Bikes are named on screens and in answers only when more than one takes bookings: with one, nothing changes. */
export function namesBikes(bikes: readonly Bike[]): boolean {
  return bikes.filter((bike) => bike.active).length > 1;
}
