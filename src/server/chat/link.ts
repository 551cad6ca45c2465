import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';
import type { Executor } from '../../db/executor';
import { isWellFormedSecret, LINK_CODE_TTL_MS, linkedText } from '../../domain/chat/borrower-bot';
import { borrowerChatMessages } from '../../domain/chat/borrower-chat-messages';
import { canLinkDevice, LINK_CODES_PER_ADDRESS_PER_HOUR, MAX_DEVICES_PER_BOOKING } from '../../domain/chat/device-limits';
import { deviceMessages } from '../../domain/chat/device-messages';
import { localMomentIn } from '../../domain/time/clock';
import { addressLimitWaitMs, recordAddressEvent } from '../address-limits/service';
import { findBookingByToken, findBookingsByTokens, type TokenOutcome, type TokenRequest } from '../bookings/cancel/token-lookup';
import { enqueueOutbox } from '../telegram/outbox/enqueue';
import { findBookingsAtDeviceLimit, findChatsOfDevice, findHandedBackBookings, unlinkDeviceChats } from './device-repository';
import { borrowerMessageKey } from './notify';
import {
  addDeviceBookings,
  findDevice,
  findDeviceNames,
  findOrAddDevice,
  insertLinkCode,
  linkChat,
  unlinkChat,
  useLinkCode,
} from './repository';

/** Link codes and device secrets are stored as SHA-256 hex, like the cancel secrets. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What linking reads of a booking its secret named. */
type FoundBooking = { id: number; cancelledAt: string | null; endDate: string; end: string };
type LinkRequest = Omit<TokenRequest, 'token'> & { deviceSecret: string; tokens: string[] };

/**
 * Of the bookings its secrets named, those that may link the device: not cancelled or ended
 * (canLinkDevice), nor linked to MAX_DEVICES_PER_BOOKING other devices already.
 */
async function linkableBookings(db: Executor, found: readonly (FoundBooking | null)[], request: LinkRequest): Promise<number[]> {
  const now = localMomentIn(request.timeZone, request.now);
  const ids = found.flatMap((booking) => (booking ? [booking.id] : []));
  const handedBack = await findHandedBackBookings(db, ids);
  const full = await findBookingsAtDeviceLimit(db, ids, await findDevice(db, hashSecret(request.deviceSecret)), MAX_DEVICES_PER_BOOKING);
  return found.flatMap((booking) => {
    if (!booking || full.has(booking.id)) return [];
    const state = {
      cancelled: booking.cancelledAt !== null,
      handedBack: handedBack.has(booking.id),
      endDate: booking.endDate,
      end: booking.end,
    };
    return canLinkDevice(state, now) ? [booking.id] : [];
  });
}

/**
 * A one-use code, valid LINK_CODE_TTL_MS, standing for the device and the bookings its secrets
 * prove (each counted like a cancel-secret lookup); unknown when none of them may link it
 * (linkableBookings); LINK_CODES_PER_ADDRESS_PER_HOUR per address.
 */
export async function createLinkCode(db: Db, request: LinkRequest): Promise<TokenOutcome<string>> {
  const limit = { kind: 'link-code' as const, ip: request.ip, now: request.now, maxPerHour: LINK_CODES_PER_ADDRESS_PER_HOUR };
  const retryAfterMs = await addressLimitWaitMs(db.kysely, limit);
  if (retryAfterMs > 0) return { kind: 'rate-limited', retryAfterMs };
  const found = await findBookingsByTokens(db, request);
  if (found.kind !== 'found') return found;
  const code = newSecret();
  const linked = await db.kysely.transaction().execute(async (trx) => {
    const bookingIds = await linkableBookings(trx, found.value, request);
    if (bookingIds.length === 0) return false;
    const deviceId = await findOrAddDevice(trx, hashSecret(request.deviceSecret), request.now);
    await addDeviceBookings(trx, deviceId, bookingIds);
    const expiresAt = new Date(request.now.getTime() + LINK_CODE_TTL_MS);
    await insertLinkCode(trx, { hash: hashSecret(code), deviceId, now: request.now, expiresAt });
    await recordAddressEvent(trx, 'link-code', request.ip, request.now);
    return true;
  });
  return linked ? { kind: 'found', value: code } : { kind: 'unknown' };
}

/**
 * The device, added when new, with the bookings its secrets prove that may join it (linkableBookings), for another channel than a chat
 * (push, 0058); no secret: a device that only waits. Unknown when secrets were given and none names a booking.
 */
export async function proveDevice(db: Db, request: LinkRequest): Promise<TokenOutcome<number>> {
  const found = request.tokens.length === 0 ? { kind: 'found' as const, value: [] } : await findBookingsByTokens(db, request);
  if (found.kind !== 'found') return found;
  if (request.tokens.length > 0 && found.value.every((booking) => booking === null)) return { kind: 'unknown' };
  const deviceId = await db.kysely.transaction().execute(async (trx) => {
    const id = await findOrAddDevice(trx, hashSecret(request.deviceSecret), request.now);
    await addDeviceBookings(trx, id, await linkableBookings(trx, found.value, request));
    return id;
  });
  return { kind: 'found', value: deviceId };
}

/** A booking made later from a device already known here joins its links when it may (linkableBookings); false for a device never linked. */
export async function addDeviceBooking(db: Db, request: TokenRequest & { deviceSecret: string }): Promise<TokenOutcome<boolean>> {
  const deviceId = await findDevice(db.kysely, hashSecret(request.deviceSecret));
  if (deviceId === undefined) return { kind: 'found', value: false };
  const found = await findBookingByToken(db, request);
  if (found.kind !== 'found') return found;
  const bookingIds = await linkableBookings(db.kysely, [found.value], { ...request, tokens: [request.token] });
  if (bookingIds.length === 0) return { kind: 'unknown' };
  await addDeviceBookings(db.kysely, deviceId, bookingIds);
  return { kind: 'found', value: true };
}

/**
 * `/start {code}` in a private chat: the chat hears about the code's device from now on, and the
 * chats linked to it before are told (issue 40), so a chat linked with a stolen secret is seen.
 */
export async function startLink(db: Db, chatId: string, code: string | undefined, now: Date): Promise<string> {
  if (code === undefined || !isWellFormedSecret(code)) return borrowerChatMessages.codeInvalid;
  return db.kysely.transaction().execute(async (trx) => {
    const deviceId = await useLinkCode(trx, hashSecret(code), now);
    if (deviceId === undefined) return borrowerChatMessages.codeInvalid;
    const before = await findChatsOfDevice(trx, deviceId);
    await linkChat(trx, chatId, deviceId, now);
    if (!before.includes(chatId)) {
      const payload = { text: deviceMessages.otherChatLinked };
      for (const other of before) {
        const dedupeKey = borrowerMessageKey(`other-chat:${deviceId}:${chatId}:${now.getTime()}`, other);
        await enqueueOutbox(trx, 'borrower', payload, { now, dedupeKey, chatId: other });
      }
    }
    return linkedText(await findDeviceNames(trx, deviceId));
  });
}

/** How many chats the device's secret has linked; 0 for a device never seen. */
export async function countDeviceChats(db: Db, deviceSecret: string): Promise<number> {
  const deviceId = await findDevice(db.kysely, hashSecret(deviceSecret));
  return deviceId === undefined ? 0 : (await findChatsOfDevice(db.kysely, deviceId)).length;
}

/** `Putuskan semua Telegram`: every chat of the device unlinked, and its secret replaced by the one returned; undefined for a device never seen. */
export async function unlinkAllChats(db: Db, deviceSecret: string): Promise<string | undefined> {
  const secret = newSecret();
  return db.kysely.transaction().execute(async (trx) => {
    const deviceId = await findDevice(trx, hashSecret(deviceSecret));
    if (deviceId === undefined) return undefined;
    await unlinkDeviceChats(trx, deviceId, hashSecret(secret));
    return secret;
  });
}

/** `/berhenti`: every link of the chat is deleted. */
export async function stopLink(db: Db, chatId: string): Promise<string> {
  await unlinkChat(db.kysely, chatId);
  return borrowerChatMessages.unlinked;
}
