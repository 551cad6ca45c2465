import type { Db } from '../../db/database';
import { wholeMinutes } from '../../domain/admin/admin-limits';
import type { BookingOutcome, BookingRequest } from '../../domain/booking/booking-request';
import type { FieldErrors } from '../../domain/booking/booking-rules';
import { hasErrors } from '../../domain/booking/booking-rules';
import { type Bike, bikeCandidates, namesBikes } from '../../domain/motor/bikes';
import { type CreatedBooking, createBookingResponseSchema } from '../../domain/schemas/bookings';
import type { Wait } from '../../domain/schemas/waiting-list';
import { messages } from '../../domain/text/messages';
import { type Clock, localMomentIn, todayIn } from '../../domain/time/clock';
import {
  checkWait,
  type DaySpan,
  type OfferAction,
  takenOnEveryBike,
  takenText,
  WAITS_PER_ADDRESS_PER_HOUR,
} from '../../domain/waiting-list/waiting-list';
import { waitingListMessages } from '../../domain/waiting-list/waiting-list-messages';
import { addressLimitWaitMs, recordAddressEvent } from '../address-limits/service';
import { withBookingLock } from '../bookings/booking-lock';
import { findDevice } from '../chat/devices';
import { hashSecret } from '../chat/link';
import { borrowerChannel } from '../chat/notify';
import { findBikes } from '../motor/service';
import { findUserByName } from '../roster/service';
import {
  countOpenWaits,
  findDeviceChats,
  findDeviceWaits,
  findOffer,
  findTakenOffers,
  findWaitOfOffer,
  insertWait,
  type StoredWait,
} from './repository';
import { busyOnBikes, passOfferOn } from './rounds';

/** With two or more active bikes a wait names its bike, or null for `Motor mana saja` (`motorbikeId` undefined, 0062). */
function view(wait: DaySpan & { name: string }, motorbikeId: number | undefined, bikes: readonly Bike[]): Wait {
  const shown = { name: wait.name, date: wait.date, start: wait.start, end: wait.end };
  if (!namesBikes(bikes)) return shown;
  const bike = bikes.find((each) => each.id === motorbikeId);
  return { ...shown, motor: bike ? { id: bike.id, name: bike.name } : null };
}

const bikeOfWait = (wait: StoredWait) => (wait.anyBike ? undefined : wait.motorbikeId);

/** A linked chat or a push subscription (0058): the device can be told of an offer. */
async function canReach(db: Db, deviceId: number): Promise<boolean> {
  return (await findDeviceChats(db.kysely, deviceId)).length > 0 || (await borrowerChannel().reaches(db.kysely, deviceId));
}

// Within the booking service's idempotency window, so pressing `Ambil` again from the phone answers the same booking and secret.
const TAKEN_SHOWN_MS = 12 * 60 * 60_000;

interface DeviceWaits {
  linked: boolean;
  waits: Wait[];
  taken: number[];
  bikes?: { id: number; name: string }[];
}

/**
 * Whether the device can be told (a linked chat or push), its open waits, and the offers it took lately (`taken`): the card presses
 * those again to learn their cancel secrets, so a slot taken in the chat lands on the phone too (0058). Nothing for a device never seen.
 * With two or more active bikes, `bikes`: those a new wait may choose, in the Motor tab's order (0062).
 */
export async function deviceWaits(db: Db, deviceSecret: string, now: Date): Promise<DeviceWaits> {
  const deviceId = await findDevice(db.kysely, hashSecret(deviceSecret));
  if (deviceId === undefined) return { linked: false, waits: [], taken: [] };
  const bikes = await findBikes(db.kysely);
  const active = bikes.filter((bike) => bike.active).map((bike) => ({ id: bike.id, name: bike.name }));
  return {
    linked: await canReach(db, deviceId),
    waits: (await findDeviceWaits(db.kysely, deviceId)).map((wait) => view(wait, bikeOfWait(wait), bikes)),
    taken: await findTakenOffers(db.kysely, deviceId, new Date(now.getTime() - TAKEN_SHOWN_MS)),
    ...(namesBikes(bikes) && { bikes: active }),
  };
}

export type CreateWaitOutcome =
  | { kind: 'created'; wait: Wait }
  | { kind: 'needsLink' }
  | { kind: 'rejected'; errors: FieldErrors }
  | { kind: 'limited'; retryAfterMs: number };

export interface CreateWaitRequest extends DaySpan {
  deviceSecret: string;
  name: string;
  reason: string;
  ip: string;
  motorId?: number | undefined;
}

/**
 * `Kabari saya kalau kosong`: for a device with a linked chat or push, a span partly taken now on every bike it may be offered, at
 * most MAX_OPEN_WAITS open or offered per chat and per name over every bike, WAITS_PER_ADDRESS_PER_HOUR per address.
 */
export async function createWait(db: Db, request: CreateWaitRequest, clock: Clock & { horizonDays: number }): Promise<CreateWaitOutcome> {
  const deviceId = await findDevice(db.kysely, hashSecret(request.deviceSecret));
  if (deviceId === undefined || !(await canReach(db, deviceId))) return { kind: 'needsLink' };
  const span = { date: request.date, start: request.start, end: request.end };
  // Counts and what is taken are read and written in one booking-lock transaction: two presses at once make no fourth wait.
  return withBookingLock(db, async (trx) => {
    const user = await findUserByName(trx, request.name);
    if (!user) return { kind: 'rejected', errors: { name: messages.nameNotFound } };
    const limit = { kind: 'wait' as const, ip: request.ip, now: clock.now, maxPerHour: WAITS_PER_ADDRESS_PER_HOUR };
    const retryAfterMs = await addressLimitWaitMs(trx, limit);
    if (retryAfterMs > 0) return { kind: 'limited', retryAfterMs };
    const bikes = await findBikes(trx);
    const choice = bikeCandidates(bikes, request.motorId);
    if (choice.kind === 'refused') return { kind: 'rejected', errors: { motorId: choice.error } };
    const moment = localMomentIn(clock.timeZone, clock.now);
    const openWaits = await countOpenWaits(trx, { deviceId, usersId: user.id, now: clock.now });
    const taken = takenOnEveryBike(span, await busyOnBikes(trx, span.date, clock.now, choice.bikes), moment);
    const facts = { today: moment.date, timeNow: moment.time, horizonDays: clock.horizonDays, openWaits, taken };
    const errors = checkWait(span, facts);
    if (hasErrors(errors)) return { kind: 'rejected', errors };
    const reason = request.reason.trim();
    await insertWait(trx, { deviceId, usersId: user.id, span: { ...span, taken }, reason, now: clock.now, motorbikeId: request.motorId });
    await recordAddressEvent(trx, 'wait', request.ip, clock.now);
    return { kind: 'created', wait: view({ name: user.name, ...span }, request.motorId, bikes) };
  });
}

/** Books through the booking service; `offerId` lets the booking into its own hold. */
export type BookOffer = (request: BookingRequest & { offerId: number }) => Promise<BookingOutcome>;

/** Who pressed: a chat linked to the wait's device, or the device itself (its secret, from a notification's `Ambil`). */
export type OfferPresser = { chatId: string } | { deviceId: number };

export interface OfferPress {
  offerId: number;
  action: OfferAction;
  by: OfferPresser;
}

/** The answer to show; `taken` when the press booked (or had booked) the slot: its cancel secret, for the phone's card. */
export interface OfferAnswer {
  text: string;
  taken?: { cancelToken: string; booking: CreatedBooking };
}

async function pressCounts(db: Db, wait: StoredWait, by: OfferPresser): Promise<boolean> {
  if ('deviceId' in by) return wait.deviceId === by.deviceId;
  return (await findDeviceChats(db.kysely, wait.deviceId)).includes(by.chatId);
}

/** `Ambil` or `Lewati` from a chat linked to the wait's device or from the device; undefined for a press that does not count. */
export async function pressOffer(
  db: Db,
  book: BookOffer,
  press: OfferPress,
  clock: Clock & { graceMinutes: number },
): Promise<OfferAnswer | undefined> {
  const wait = await findWaitOfOffer(db.kysely, press.offerId);
  if (!wait || !(await pressCounts(db, wait, press.by))) return undefined;
  const offer = await findOffer(db.kysely, press.offerId);
  if (!offer) return undefined;
  const { now, timeZone } = clock;
  if (press.action === 'skip') {
    return { text: (await passOfferOn(db, offer.id, 'skipped', clock)) ? waitingListMessages.skipped : waitingListMessages.offerEnded };
  }
  const outcome = await book({
    input: {
      name: wait.name,
      date: offer.date,
      start: offer.start,
      end: offer.end,
      reason: wait.reason,
      needStnk: '',
      purpose: 'personal',
      motorId: offer.motorbikeId,
    },
    ip: 'chatId' in press.by ? `telegram:${press.by.chatId}` : `push:${press.by.deviceId}`,
    idempotencyKey: `offer:${offer.id}`,
    today: todayIn(timeZone, now),
    now,
    offerId: offer.id,
  });
  switch (outcome.kind) {
    case 'created':
      return {
        text: takenText(wait.name, offer, outcome.booking.motor?.name),
        taken: { cancelToken: outcome.cancelToken, booking: outcome.booking },
      };
    case 'replayed': {
      const replayed = replayedBooking(outcome.body);
      return { text: takenText(wait.name, offer, replayed.taken?.booking.motor?.name), ...replayed };
    }
    case 'rejected': {
      const message = Object.values(outcome.errors)[0] ?? messages.saveFailed;
      if (message === waitingListMessages.offerEnded) return { text: message };
      await passOfferOn(db, offer.id, 'refused', clock);
      return { text: message };
    }
    case 'limited':
      return { text: messages.loginTooManyAttempts(wholeMinutes(outcome.retryAfterMs)) };
    case 'busy':
    case 'key-reused':
      return { text: messages.serverBusy };
  }
}

function replayedBooking(body: unknown): Pick<OfferAnswer, 'taken'> {
  const parsed = createBookingResponseSchema.safeParse(body);
  return parsed.success ? { taken: parsed.data } : {};
}
