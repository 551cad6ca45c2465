import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';
import { isWellFormedSecret, LINK_CODE_TTL_MS, linkedText } from '../../domain/chat/borrower-bot';
import { borrowerChatMessages } from '../../domain/chat/borrower-chat-messages';
import { findBookingByToken, findBookingsByTokens, type TokenOutcome, type TokenRequest } from '../bookings/cancel/token-lookup';
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

type LinkRequest = Omit<TokenRequest, 'token'> & { deviceSecret: string; tokens: string[] };

/**
 * A one-use code, valid LINK_CODE_TTL_MS, standing for the device and the bookings its secrets
 * prove (each counted like a cancel-secret lookup); unknown when none of them names a booking.
 */
export async function createLinkCode(db: Db, request: LinkRequest): Promise<TokenOutcome<string>> {
  const found = await findBookingsByTokens(db, request);
  if (found.kind !== 'found') return found;
  const bookingIds = found.value.flatMap((booking) => (booking ? [booking.id] : []));
  if (bookingIds.length === 0) return { kind: 'unknown' };
  const code = newSecret();
  await db.kysely.transaction().execute(async (trx) => {
    const deviceId = await findOrAddDevice(trx, hashSecret(request.deviceSecret), request.now);
    await addDeviceBookings(trx, deviceId, bookingIds);
    await insertLinkCode(trx, {
      hash: hashSecret(code),
      deviceId,
      now: request.now,
      expiresAt: new Date(request.now.getTime() + LINK_CODE_TTL_MS),
    });
  });
  return { kind: 'found', value: code };
}

/** A booking made later from a device already known here joins its links; false for a device never linked. */
export async function addDeviceBooking(db: Db, request: TokenRequest & { deviceSecret: string }): Promise<TokenOutcome<boolean>> {
  const deviceId = await findDevice(db.kysely, hashSecret(request.deviceSecret));
  if (deviceId === undefined) return { kind: 'found', value: false };
  const found = await findBookingByToken(db, request);
  if (found.kind !== 'found') return found;
  await addDeviceBookings(db.kysely, deviceId, [found.value.id]);
  return { kind: 'found', value: true };
}

/** `/start {code}` in a private chat: the chat hears about the code's device from now on. */
export async function startLink(db: Db, chatId: string, code: string | undefined, now: Date): Promise<string> {
  if (code === undefined || !isWellFormedSecret(code)) return borrowerChatMessages.codeInvalid;
  return db.kysely.transaction().execute(async (trx) => {
    const deviceId = await useLinkCode(trx, hashSecret(code), now);
    if (deviceId === undefined) return borrowerChatMessages.codeInvalid;
    await linkChat(trx, chatId, deviceId, now);
    return linkedText(await findDeviceNames(trx, deviceId));
  });
}

/** `/berhenti`: every link of the chat is deleted. */
export async function stopLink(db: Db, chatId: string): Promise<string> {
  await unlinkChat(db.kysely, chatId);
  return borrowerChatMessages.unlinked;
}
