import type { Db } from '../../db/database';
import type { Executor } from '../../db/executor';
import { wholeMinutes } from '../../domain/admin/admin-limits';
import type { BookingOutcome, BookingRequest } from '../../domain/booking/booking-request';
import type { FieldErrors } from '../../domain/booking/booking-rules';
import { hasErrors } from '../../domain/booking/booking-rules';
import { startsWhileLate, startsWithinLateReach } from '../../domain/handover/handover';
import type { Wait } from '../../domain/schemas/waiting-list';
import { messages } from '../../domain/text/messages';
import { addDays, type Clock, localMomentIn, todayIn } from '../../domain/time/clock';
import {
  busyRangesOn,
  checkWait,
  type DaySpan,
  freeSpanToOffer,
  isWaitOver,
  OFFER_HOLD_MINUTES,
  type OfferAction,
  offerText,
  takenText,
} from '../../domain/waiting-list/waiting-list';
import { waitingListMessages } from '../../domain/waiting-list/waiting-list-messages';
import { withBookingLock } from '../bookings/booking-lock';
import { findBookingsTouching } from '../bookings/service';
import { findDevice } from '../chat/devices';
import { hashSecret } from '../chat/link';
import { borrowerMessageKey } from '../chat/notify';
import { findLoansOut } from '../handover/service';
import { findPeriodsFrom } from '../out-of-service/service';
import { findUserByName } from '../roster/service';
import { enqueueOutbox } from '../telegram/outbox/enqueue';
import {
  endOffer,
  endWait,
  expireOffers,
  findDeviceChats,
  findDeviceWaits,
  findHolds,
  findOffer,
  findOpenWaits,
  findWaitOfOffer,
  hasOpenWaitsOrOffers,
  insertOffer,
  insertWait,
  type StoredWait,
} from './repository';

const view = (wait: StoredWait): Wait => ({ name: wait.name, date: wait.date, start: wait.start, end: wait.end });

/** Whether the device has a linked chat, and its open waits; not linked for a device never seen. */
export async function deviceWaits(db: Db, deviceSecret: string): Promise<{ linked: boolean; waits: Wait[] }> {
  const deviceId = await findDevice(db.kysely, hashSecret(deviceSecret));
  if (deviceId === undefined) return { linked: false, waits: [] };
  const linked = (await findDeviceChats(db.kysely, deviceId)).length > 0;
  return { linked, waits: (await findDeviceWaits(db.kysely, deviceId)).map(view) };
}

export type CreateWaitOutcome = { kind: 'created'; wait: Wait } | { kind: 'needsLink' } | { kind: 'rejected'; errors: FieldErrors };

export interface CreateWaitRequest extends DaySpan {
  deviceSecret: string;
  name: string;
  reason: string;
}

/** `Kabari saya kalau kosong`: for a device with a linked chat, at most MAX_WAITS_PER_DEVICE open at once. */
export async function createWait(db: Db, request: CreateWaitRequest, clock: Clock & { horizonDays: number }): Promise<CreateWaitOutcome> {
  const deviceId = await findDevice(db.kysely, hashSecret(request.deviceSecret));
  if (deviceId === undefined || (await findDeviceChats(db.kysely, deviceId)).length === 0) return { kind: 'needsLink' };
  const span = { date: request.date, start: request.start, end: request.end };
  // The device's count is read and written in one booking-lock transaction: two presses at once make no fourth wait.
  return withBookingLock(db, async (trx) => {
    const user = await findUserByName(trx, request.name);
    if (!user) return { kind: 'rejected', errors: { name: messages.nameNotFound } };
    const moment = localMomentIn(clock.timeZone, clock.now);
    const open = await findDeviceWaits(trx, deviceId);
    const errors = checkWait(span, { today: moment.date, timeNow: moment.time, horizonDays: clock.horizonDays, openWaits: open.length });
    if (hasErrors(errors)) return { kind: 'rejected', errors };
    await insertWait(trx, { deviceId, usersId: user.id, span, reason: request.reason.trim(), now: clock.now });
    return { kind: 'created', wait: { name: user.name, ...span } };
  });
}

/**
 * Ends the holds that passed, then offers each freed span to the first open wait for it (in order
 * of request), holding it OFFER_HOLD_MINUTES. Returns how many offers it made.
 */
export async function offerFreedSpans(db: Db, clock: Clock & { graceMinutes: number }): Promise<number> {
  if (!(await hasOpenWaitsOrOffers(db.kysely))) return 0;
  return withBookingLock(db, (trx) => offerFreedSpansIn(trx, clock));
}

/**
 * `trx` holds the booking lock, as does every change to an offer: under READ COMMITTED each
 * statement sees the latest commit, so an offer ended outside the lock could free a span halfway
 * through a round and hand it to the second in line.
 */
async function offerFreedSpansIn(trx: Executor, clock: Clock & { graceMinutes: number }): Promise<number> {
  const { now, timeZone } = clock;
  await expireOffers(trx, now);
  const moment = localMomentIn(timeZone, now);
  let offered = 0;
  for (const wait of await findOpenWaits(trx)) {
    if (isWaitOver(wait, moment)) {
      await endWait(trx, wait.id, 'past', now);
      continue;
    }
    const span = await spanToOffer(trx, wait, clock);
    if (!span) continue;
    const chats = await findDeviceChats(trx, wait.deviceId);
    if (chats.length === 0) {
      await endWait(trx, wait.id, 'unlinked', now);
      continue;
    }
    const offerId = await insertOffer(trx, {
      waitId: wait.id,
      span,
      now,
      holdUntil: new Date(now.getTime() + OFFER_HOLD_MINUTES * 60_000),
    });
    await endWait(trx, wait.id, 'offered', now);
    const payload = { text: offerText(span), buttons: { kind: 'offer' as const, offerId } };
    for (const chatId of chats)
      await enqueueOutbox(trx, 'borrower', payload, { now, dedupeKey: borrowerMessageKey(`offer:${offerId}`, chatId), chatId });
    offered += 1;
  }
  return offered;
}

/** Ends the offer, if still open, and passes its span on in the same transaction; false when it had ended. */
function passOfferOn(db: Db, offerId: number, how: 'skipped' | 'refused', clock: Clock & { graceMinutes: number }): Promise<boolean> {
  return withBookingLock(db, async (trx) => {
    if (!(await endOffer(trx, offerId, how, clock.now))) return false;
    await offerFreedSpansIn(trx, clock);
    return true;
  });
}

/** What of the wait's span is free now, counting the holds made so far; none while a late bike would reach it. */
async function spanToOffer(trx: Executor, wait: StoredWait, clock: Clock & { graceMinutes: number }): Promise<DaySpan | undefined> {
  const moment = localMomentIn(clock.timeZone, clock.now);
  const busy = busyRangesOn(wait.date, {
    bookings: await findBookingsTouching(trx, wait.date),
    periods: await findPeriodsFrom(trx, addDays(wait.date, -1)),
    holds: await findHolds(trx, [wait.date], clock.now),
  });
  const span = freeSpanToOffer(wait, busy, moment);
  if (!span) return undefined;
  const startsAt = { date: span.date, time: span.start };
  if (startsWithinLateReach(startsAt, moment) && startsWhileLate(startsAt, moment, await findLoansOut(trx), clock.graceMinutes))
    return undefined;
  return span;
}

/** Books through the booking service; `offerId` lets the booking into its own hold. */
export type BookOffer = (request: BookingRequest & { offerId: number }) => Promise<BookingOutcome>;

export interface OfferPress {
  offerId: number;
  action: OfferAction;
  chatId: string;
}

/** `Ambil` or `Lewati` from a chat linked to the wait's device; the answer to show, undefined for a press that does not count. */
export async function pressOffer(
  db: Db,
  book: BookOffer,
  press: OfferPress,
  clock: Clock & { graceMinutes: number },
): Promise<string | undefined> {
  const wait = await findWaitOfOffer(db.kysely, press.offerId);
  if (!wait || !(await findDeviceChats(db.kysely, wait.deviceId)).includes(press.chatId)) return undefined;
  const offer = await findOffer(db.kysely, press.offerId);
  if (!offer) return undefined;
  const { now, timeZone } = clock;
  if (press.action === 'skip') {
    return (await passOfferOn(db, offer.id, 'skipped', clock)) ? waitingListMessages.skipped : waitingListMessages.offerEnded;
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
    },
    ip: `telegram:${press.chatId}`,
    idempotencyKey: `offer:${offer.id}`,
    today: todayIn(timeZone, now),
    now,
    offerId: offer.id,
  });
  switch (outcome.kind) {
    case 'created':
    case 'replayed':
      return takenText(wait.name, offer);
    case 'rejected': {
      const message = Object.values(outcome.errors)[0] ?? messages.saveFailed;
      if (message === waitingListMessages.offerEnded) return message;
      await passOfferOn(db, offer.id, 'refused', clock);
      return message;
    }
    case 'limited':
      return messages.loginTooManyAttempts(wholeMinutes(outcome.retryAfterMs));
    case 'busy':
    case 'key-reused':
      return messages.serverBusy;
  }
}
