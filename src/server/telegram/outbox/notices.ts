import { z } from 'zod';
import type { Executor } from '../../../db/executor';
import { isCalendarDate, isClockTime } from '../../../domain/clock';
import { cancelKeyboard, cancelledNoticeText, confirmKeyboard, type InlineKeyboard, NO_KEYBOARD } from '../../../domain/owner-bot';
import { type BookingNotice, bookingNoticeText, type CancellationNotice, cancellationNoticeText } from '../../../domain/telegram-text';

export type { BookingNotice, CancellationNotice };

/** A booking notice that names its booking, so its `Batalkan` button can. */
export type ButtonedBookingNotice = BookingNotice & { ref?: string };

/**
 * Writes one outbox row in the caller's transaction. With a `dedupeKey` the row is written once
 * whoever inserts it and however often: a second insert of the key is a no-op on both engines.
 * True when this call wrote the row.
 */
async function enqueue(db: Executor, kind: string, payload: unknown, now: Date, dedupeKey: string | null = null): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .insertInto('outbox')
    .values({ kind, payload: JSON.stringify(payload), created_at: at, attempts: 0, next_attempt_at: at, dedupe_key: dedupeKey })
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** The key of a booking's notice row, by which the owner's cancel edit finds the notice. */
export function bookingNoticeKey(ref: string): string {
  return `booking:${ref}`;
}

/**
 * Records the notice in the caller's transaction, so it exists exactly when the booking does;
 * the outbox worker delivers it after commit.
 */
export async function enqueueBookingNotice(db: Executor, notice: ButtonedBookingNotice, now: Date): Promise<void> {
  await enqueue(db, 'booking', notice, now, notice.ref === undefined ? null : bookingNoticeKey(notice.ref));
}

/** Records the cancellation notice in the cancelling transaction, like the booking notice. */
export async function enqueueCancellationNotice(db: Executor, notice: CancellationNotice, now: Date): Promise<void> {
  await enqueue(db, 'booking-cancelled', notice, now);
}

/** A text the bot sends to the owner's chat on its own or in reply: a digest, a reminder, a command's answer. */
export type BotTextKind = 'digest' | 'reminder' | 'reply';

/** Once per `dedupeKey`: 'digest:{date}', 'reminder:{ref}', 'update:{update_id}'. True when this call wrote it. */
export async function enqueueBotText(db: Executor, kind: BotTextKind, text: string, dedupeKey: string, now: Date): Promise<boolean> {
  return enqueue(db, kind, { text }, now, dedupeKey);
}

/**
 * Withdraws the handover reminder of a cancelled booking, in the cancelling transaction, if it
 * is queued and no worker is sending it at this moment (one being sent cannot be called back).
 */
export async function withdrawReminder(db: Executor, ref: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .updateTable('outbox')
    .set({ given_up_at: at, last_error: 'booking cancelled' })
    .where('dedupe_key', '=', `reminder:${ref}`)
    .where('sent_at', 'is', null)
    .where('given_up_at', 'is', null)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]))
    .execute();
}

/** Which buttons a booking notice shows: `Batalkan`, the confirmation, or none. */
export type NoticeKeyboard = 'cancel' | 'confirm' | 'none';

/** Swaps the buttons under a sent booking notice; once per `dedupeKey` (the update that asked). */
export async function enqueueKeyboardEdit(
  db: Executor,
  edit: { messageId: number; ref: string; keyboard: NoticeKeyboard },
  dedupeKey: string,
  now: Date,
): Promise<void> {
  await enqueue(db, 'notice-keyboard', edit, now, dedupeKey);
}

/** The notice's text, as sent, of a booking; undefined for notices written before they named their booking. */
export async function findBookingNotice(db: Executor, ref: string): Promise<BookingNotice | undefined> {
  const row = await db.selectFrom('outbox').select('payload').where('dedupe_key', '=', bookingNoticeKey(ref)).executeTakeFirst();
  if (!row) return undefined;
  try {
    const result = bookingNoticeSchema.safeParse(JSON.parse(row.payload));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

/** Rewrites a sent booking notice with `❌ Dibatalkan` as its last line and no buttons; once per `dedupeKey`. */
export async function enqueueCancelledNoticeEdit(
  db: Executor,
  edit: { messageId: number; notice: BookingNotice },
  dedupeKey: string,
  now: Date,
): Promise<void> {
  await enqueue(db, 'notice-cancelled', edit, now, dedupeKey);
}

const date = z.string().refine(isCalendarDate);
const time = z.string().refine(isClockTime);
const span = { date, start: time, end: time, endDate: date, name: z.string(), class: z.string() };
const bookingNoticeSchema = z.object({ ...span, reason: z.string(), needStnk: z.boolean(), voucherCode: z.string().nullable() });
const buttonedNoticeSchema = bookingNoticeSchema.extend({ ref: z.string().optional() });
const cancellationNoticeSchema = z.object({ ...span, cancelledBy: z.string(), cancelReason: z.string() });
const botTextSchema = z.object({ text: z.string().min(1) });
const messageId = z.number().int().positive();
const keyboardEditSchema = z.object({ messageId, ref: z.string(), keyboard: z.enum(['cancel', 'confirm', 'none']) });
const cancelledEditSchema = z.object({ messageId, notice: bookingNoticeSchema });

/** One Bot API call to the owner's chat, in `parse_mode: "Markdown"` where it carries a text. */
export type TelegramCall =
  | { method: 'sendMessage'; text: string; replyMarkup?: InlineKeyboard }
  | { method: 'editMessageText'; messageId: number; text: string; replyMarkup?: InlineKeyboard }
  | { method: 'editMessageReplyMarkup'; messageId: number; replyMarkup: InlineKeyboard };

function keyboardOf(edit: z.infer<typeof keyboardEditSchema>): InlineKeyboard {
  if (edit.keyboard === 'cancel') return cancelKeyboard(edit.ref);
  return edit.keyboard === 'confirm' ? confirmKeyboard(edit.ref) : NO_KEYBOARD;
}

function reader<T>(schema: z.ZodType<T>, render: (payload: T) => TelegramCall): (payload: unknown) => TelegramCall | undefined {
  return (payload) => {
    const result = schema.safeParse(payload);
    return result.success ? render(result.data) : undefined;
  };
}

const sendText = ({ text }: { text: string }): TelegramCall => ({ method: 'sendMessage', text });

/** Each kind of outbox row: how its payload is read and which call it becomes when it is sent. */
const kinds: Record<string, (payload: unknown) => TelegramCall | undefined> = {
  booking: reader(buttonedNoticeSchema, ({ ref, ...notice }) => ({
    method: 'sendMessage',
    text: bookingNoticeText(notice),
    ...(ref === undefined ? {} : { replyMarkup: cancelKeyboard(ref) }),
  })),
  'booking-cancelled': reader(cancellationNoticeSchema, (notice) => ({ method: 'sendMessage', text: cancellationNoticeText(notice) })),
  digest: reader(botTextSchema, sendText),
  reminder: reader(botTextSchema, sendText),
  reply: reader(botTextSchema, sendText),
  'notice-keyboard': reader(keyboardEditSchema, (edit) => ({
    method: 'editMessageReplyMarkup',
    messageId: edit.messageId,
    replyMarkup: keyboardOf(edit),
  })),
  // Without reply_markup Telegram removes the buttons.
  'notice-cancelled': reader(cancelledEditSchema, (edit) => ({
    method: 'editMessageText',
    messageId: edit.messageId,
    text: cancelledNoticeText(edit.notice),
  })),
};

/** The Bot API call of an outbox row; undefined when its kind is unknown or its payload unreadable. */
export function findOutboxCall(kind: string, payload: string): TelegramCall | undefined {
  const render = kinds[kind];
  if (!render) return undefined;
  try {
    return render(JSON.parse(payload));
  } catch {
    return undefined;
  }
}

/** The text an outbox row shows the owner, if its call carries one. */
export function findOutboxText(kind: string, payload: string): string | undefined {
  const call = findOutboxCall(kind, payload);
  return call && 'text' in call ? call.text : undefined;
}
