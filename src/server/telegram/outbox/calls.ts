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
  z.object({ kind: z.literal('outOfService'), ref }),
]);
export const botTextSchema = z.object({ text: z.string().min(1), keyboard: handoverKeyboardSchema.optional() });
export const borrowerKeyboardSchema: z.ZodType<BorrowerKeyboard> = z.union([
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.enum(['start', 'end', 'confirm', 'fuel']), ref }),
  z.object({ kind: z.literal('offer'), offerId: z.number().int().positive() }),
]);
export const borrowerTextSchema = z.object({ text: z.string().min(1), buttons: borrowerKeyboardSchema.optional() });
const borrowerKeyboardEditSchema = z.object({ messageId: z.number().int().positive(), buttons: borrowerKeyboardSchema });
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

function reader<T>(schema: z.ZodType<T>, render: (payload: T) => TelegramCall): (payload: unknown) => TelegramCall | undefined {
  return (payload) => {
    const result = schema.safeParse(payload);
    return result.success ? render(result.data) : undefined;
  };
}

const sendText = ({ text, keyboard }: z.infer<typeof botTextSchema>): TelegramCall => ({
  method: 'sendMessage',
  text,
  ...(keyboard === undefined ? {} : { replyMarkup: handoverKeyboard(keyboard) }),
});

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
  handover: reader(botTextSchema, sendText),
  borrower: reader(borrowerTextSchema, ({ text, buttons }) => ({
    method: 'sendMessage',
    text,
    ...(buttons === undefined ? {} : { replyMarkup: borrowerKeyboard(buttons) }),
  })),
  'borrower-keyboard': reader(borrowerKeyboardEditSchema, (edit) => ({
    method: 'editMessageReplyMarkup',
    messageId: edit.messageId,
    replyMarkup: borrowerKeyboard(edit.buttons),
  })),
  'message-edit': reader(messageEditSchema, (edit) => ({
    method: 'editMessageText',
    messageId: edit.messageId,
    text: edit.text,
    ...(edit.keyboard.kind === 'none' ? {} : { replyMarkup: handoverKeyboard(edit.keyboard) }),
  })),
  'handover-keyboard': reader(handoverKeyboardEditSchema, (edit) => ({
    method: 'editMessageReplyMarkup',
    messageId: edit.messageId,
    replyMarkup: handoverKeyboard(edit.keyboard),
  })),
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

export function findOutboxCall(kind: string, payload: string): TelegramCall | undefined {
  const render = kinds[kind];
  if (!render) return undefined;
  try {
    return render(JSON.parse(payload));
  } catch {
    return undefined;
  }
}

export function findOutboxText(kind: string, payload: string): string | undefined {
  const call = findOutboxCall(kind, payload);
  return call && 'text' in call ? call.text : undefined;
}
