import { z } from 'zod';
import { type BorrowerKeyboard, borrowerKeyboard } from '../../../domain/chat/borrower-bot';
import {
  cancelKeyboard,
  cancelledNoticeText,
  confirmKeyboard,
  type HandoverKeyboard,
  handoverKeyboard,
  type InlineKeyboard,
  NO_KEYBOARD,
} from '../../../domain/chat/owner-bot';
import { bookingNoticeText, cancellationNoticeText } from '../../../domain/chat/telegram-text';
import { isCalendarDate, isClockTime } from '../../../domain/time/clock';

const date = z.string().refine(isCalendarDate);
const time = z.string().refine(isClockTime);
const span = { date, start: time, end: time, endDate: date, name: z.string(), class: z.string() };
export const bookingNoticeSchema = z.object({ ...span, reason: z.string(), needStnk: z.boolean(), voucherCode: z.string().nullable() });
const buttonedNoticeSchema = bookingNoticeSchema.extend({ ref: z.string().optional() });
const cancellationNoticeSchema = z.object({ ...span, cancelledBy: z.string(), cancelReason: z.string() });
const ref = z.string();
export const handoverKeyboardSchema: z.ZodType<HandoverKeyboard> = z.union([
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.enum(['pickup', 'return', 'noShow', 'fuel', 'skipKm']), ref }),
  z.object({ kind: z.literal('choose'), event: z.enum(['pickup', 'return']), options: z.array(z.object({ ref, label: z.string() })) }),
  z.object({
    kind: z.literal('chooseBike'),
    event: z.enum(['pickup', 'return', 'outOfService', 'ready']),
    bikes: z.array(z.object({ id: z.number(), name: z.string() })),
    reason: z.string().optional(),
  }),
  z.object({ kind: z.literal('outOfService'), ref }),
  z.object({ kind: z.enum(['outOfServiceUntil', 'outOfServiceStill']), ref }),
  z.object({ kind: z.literal('outOfServiceBookings'), ref, bookings: z.array(z.object({ ref, label: z.string() })) }),
  z.object({ kind: z.literal('outOfServiceNote'), ref, reason: z.string() }),
]);
export const botTextSchema = z.object({ text: z.string().min(1), keyboard: handoverKeyboardSchema.optional() });
export const borrowerKeyboardSchema: z.ZodType<BorrowerKeyboard> = z.union([
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.enum(['start', 'end', 'confirm', 'fuel']), ref }),
  z.object({ kind: z.literal('offer'), offerId: z.number().int().positive() }),
]);
export const borrowerTextSchema = z.object({ text: z.string().min(1), buttons: borrowerKeyboardSchema.optional() });
/** A push to one subscription (0058); `offerId` gives it `Ambil` and `Lewati`. */
export const pushPayloadSchema = z.object({
  subscriptionId: z.number().int().positive(),
  text: z.string().min(1),
  offerId: z.number().int().positive().optional(),
  ttlSeconds: z.number().int().nonnegative(),
  urgency: z.enum(['very-low', 'low', 'normal', 'high']),
});
const borrowerKeyboardEditSchema = z.object({ messageId: z.number().int().positive(), buttons: borrowerKeyboardSchema });
const borrowerTextEditSchema = z.object({
  messageId: z.number().int().positive(),
  text: z.string().min(1),
  buttons: borrowerKeyboardSchema,
});
const messageId = z.number().int().positive();
const messageEditSchema = z.object({ messageId, text: z.string().min(1), keyboard: handoverKeyboardSchema });
const handoverKeyboardEditSchema = z.object({ messageId, keyboard: handoverKeyboardSchema });
const keyboardEditSchema = z.object({ messageId, ref: z.string(), keyboard: z.enum(['cancel', 'confirm', 'none']) });
const cancelledEditSchema = z.object({ messageId, notice: bookingNoticeSchema });

export type TelegramCall =
  | { method: 'sendMessage'; text: string; replyMarkup?: InlineKeyboard }
  | { method: 'editMessageText'; messageId: number; text: string; replyMarkup?: InlineKeyboard }
  | { method: 'editMessageReplyMarkup'; messageId: number; replyMarkup: InlineKeyboard };

function keyboardOf(edit: z.infer<typeof keyboardEditSchema>): InlineKeyboard {
  if (edit.keyboard === 'cancel') return cancelKeyboard(edit.ref);
  return edit.keyboard === 'confirm' ? confirmKeyboard(edit.ref) : NO_KEYBOARD;
}

interface OutboxKindSpec<T> {
  schema: z.ZodType<T>;
  render(payload: T): TelegramCall;
}

function renderer<T>(schema: z.ZodType<T>, render: (payload: T) => TelegramCall): OutboxKindSpec<T> {
  return { schema, render };
}

const sendText = ({ text, keyboard }: z.infer<typeof botTextSchema>): TelegramCall => ({
  method: 'sendMessage',
  text,
  ...(keyboard === undefined ? {} : { replyMarkup: handoverKeyboard(keyboard) }),
});

/** Every kind a row may have: its payload's schema, checked when the row is written and again when it is sent, and its Bot API call. */
export const outboxKinds = {
  booking: renderer(buttonedNoticeSchema, ({ ref, ...notice }) => ({
    method: 'sendMessage',
    text: bookingNoticeText(notice),
    ...(ref === undefined ? {} : { replyMarkup: cancelKeyboard(ref) }),
  })),
  'booking-cancelled': renderer(cancellationNoticeSchema, (notice) => ({ method: 'sendMessage', text: cancellationNoticeText(notice) })),
  digest: renderer(botTextSchema, sendText),
  reminder: renderer(botTextSchema, sendText),
  reply: renderer(botTextSchema, sendText),
  handover: renderer(botTextSchema, sendText),
  borrower: renderer(borrowerTextSchema, ({ text, buttons }) => ({
    method: 'sendMessage',
    text,
    ...(buttons === undefined ? {} : { replyMarkup: borrowerKeyboard(buttons) }),
  })),
  'borrower-keyboard': renderer(borrowerKeyboardEditSchema, (edit) => ({
    method: 'editMessageReplyMarkup',
    messageId: edit.messageId,
    replyMarkup: borrowerKeyboard(edit.buttons),
  })),
  // A borrower's message rewritten in place, its buttons kept (the late line, issue 38).
  'borrower-edit': renderer(borrowerTextEditSchema, (edit) => ({
    method: 'editMessageText',
    messageId: edit.messageId,
    text: edit.text,
    replyMarkup: borrowerKeyboard(edit.buttons),
  })),
  'message-edit': renderer(messageEditSchema, (edit) => ({
    method: 'editMessageText',
    messageId: edit.messageId,
    text: edit.text,
    ...(edit.keyboard.kind === 'none' ? {} : { replyMarkup: handoverKeyboard(edit.keyboard) }),
  })),
  'handover-keyboard': renderer(handoverKeyboardEditSchema, (edit) => ({
    method: 'editMessageReplyMarkup',
    messageId: edit.messageId,
    replyMarkup: handoverKeyboard(edit.keyboard),
  })),
  'notice-keyboard': renderer(keyboardEditSchema, (edit) => ({
    method: 'editMessageReplyMarkup',
    messageId: edit.messageId,
    replyMarkup: keyboardOf(edit),
  })),
  // Sent by the push worker (push/), never Telegram's: its call is only its text, for those that read what a row says.
  push: renderer(pushPayloadSchema, ({ text }) => ({ method: 'sendMessage', text })),
  // Without reply_markup Telegram removes the buttons.
  'notice-cancelled': renderer(cancelledEditSchema, (edit) => ({
    method: 'editMessageText',
    messageId: edit.messageId,
    text: cancelledNoticeText(edit.notice),
  })),
};

export type OutboxKind = keyof typeof outboxKinds;

/** The kinds another transport than Telegram sends: the Telegram worker never claims them. */
export const PUSH_KINDS: readonly OutboxKind[] = ['push'];
export type OutboxPayload<K extends OutboxKind> = (typeof outboxKinds)[K] extends OutboxKindSpec<infer T> ? T : never;

export function isOutboxKind(kind: string): kind is OutboxKind {
  return Object.hasOwn(outboxKinds, kind);
}

export type OutboxRender = { kind: 'call'; call: TelegramCall } | { kind: 'unknownKind' } | { kind: 'unreadable' };

function parsePayload(payload: string): unknown {
  try {
    return JSON.parse(payload);
  } catch {
    return undefined;
  }
}

/** A row's Bot API call; a kind no version of the app writes is told apart from a payload it cannot read. */
export function renderOutboxRow(kind: string, payload: string): OutboxRender {
  if (!isOutboxKind(kind)) return { kind: 'unknownKind' };
  const spec: OutboxKindSpec<unknown> = outboxKinds[kind];
  const result = spec.schema.safeParse(parsePayload(payload));
  return result.success ? { kind: 'call', call: spec.render(result.data) } : { kind: 'unreadable' };
}

export function findOutboxText(kind: string, payload: string): string | undefined {
  const rendered = renderOutboxRow(kind, payload);
  return rendered.kind === 'call' && 'text' in rendered.call ? rendered.call.text : undefined;
}
