import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../db/database';
import { messages } from '../../../domain/messages';
import { parseCallbackData } from '../../../domain/owner-bot';
import { cancelBooking, findBookingToCancel } from '../../bookings/cancel/service';
import type { TelegramConfig } from '../../config';
import { callTelegram } from '../bot-api';
import {
  enqueueBotText,
  enqueueCancelledNoticeEdit,
  enqueueKeyboardEdit,
  findBookingNotice,
  findNoticeMessageId,
  isConfirmationAsked,
} from '../outbox/notices';
import { commandReply } from './commands';

const chat = z.object({ id: z.union([z.number(), z.string()]) });
export const updateSchema = z.object({
  update_id: z.number().int().nonnegative(),
  message: z.object({ chat, text: z.string().optional() }).optional(),
  callback_query: z
    .object({
      id: z.string(),
      data: z.string().optional(),
      message: z.object({ message_id: z.number().int(), chat }).optional(),
    })
    .optional(),
});

export type Update = z.infer<typeof updateSchema>;

export interface UpdateHandlerDeps {
  db: Db;
  now: () => Date;
  timeZone: string;
  telegram: TelegramConfig;
  log: FastifyBaseLogger;
  signal: AbortSignal;
}

// answerCallbackQuery must come within a second or so, or the owner's spinner keeps turning.
const ANSWER_TIMEOUT_MS = 3000;
const CONFIRM_WINDOW_MS = 5 * 60_000;

const MAX_REMEMBERED_STRANGERS = 1000;

/**
 * Idempotent: everything it sends goes through the outbox under `update:{update_id}`, so an update
 * handled twice sends once, and cancelling twice changes nothing. Only the owner's chat is heard.
 */
export function createUpdateHandler(deps: UpdateHandlerDeps): (raw: unknown) => Promise<void> {
  const { db, now, timeZone, telegram, log } = deps;
  const strangers = new Set<string>();

  function isOwnerChat(chatId: number | string): boolean {
    if (String(chatId) === telegram.chatId) return true;
    const id = String(chatId);
    // Logged once per chat: a stranger who keeps writing does not fill the log.
    if (!strangers.has(id)) {
      if (strangers.size >= MAX_REMEMBERED_STRANGERS) strangers.clear();
      strangers.add(id);
      log.info({ chatId: id }, 'Telegram update from another chat ignored');
    }
    return false;
  }

  async function answerCallback(callbackQueryId: string, text?: string): Promise<void> {
    const outcome = await callTelegram(
      telegram,
      'answerCallbackQuery',
      { callback_query_id: callbackQueryId, ...(text ? { text } : {}) },
      { timeoutMs: ANSWER_TIMEOUT_MS, signal: deps.signal },
    );
    if (outcome.kind === 'retry' || outcome.kind === 'rejected') log.warn({ error: outcome.error }, 'answerCallbackQuery failed');
  }

  async function replyToCommand(updateId: number, text: string): Promise<void> {
    const at = now();
    const command = text.trim().split(/\s+/)[0]?.replace(/@.*$/, '').toLowerCase() ?? '';
    if (!command.startsWith('/')) return;
    const reply = await commandReply(db.kysely, command, at, timeZone);
    await enqueueBotText(db.kysely, 'reply', reply, updateKey(updateId), at);
  }

  async function pressButton(updateId: number, query: NonNullable<Update['callback_query']>): Promise<void> {
    const parsed = query.data === undefined ? undefined : parseCallbackData(query.data);
    const messageId = query.message?.message_id;
    if (!parsed || messageId === undefined) return answerCallback(query.id);
    const { action, ref } = parsed;
    const key = updateKey(updateId);
    const at = now();
    const removeButtons = () => enqueueKeyboardEdit(db.kysely, { messageId, ref, keyboard: 'none' }, key, at);
    // A press counts only from the notice of its own booking, and Ya only right after Batalkan there:
    // a modified client cannot move one booking's buttons onto another's notice, nor skip the question.
    if ((await findNoticeMessageId(db.kysely, ref)) !== messageId) return answerCallback(query.id);
    if (action === 'confirm' && !(await isConfirmationAsked(db.kysely, messageId, ref, new Date(at.getTime() - CONFIRM_WINDOW_MS)))) {
      return answerCallback(query.id);
    }

    if (action === 'confirm') {
      const outcome = await cancelBooking(
        db,
        { ref },
        { who: { kind: 'owner' }, reason: messages.ownerBot.cancelReason, now: at, timeZone },
        async (trx) => {
          const notice = await findBookingNotice(trx, ref);
          if (notice) await enqueueCancelledNoticeEdit(trx, { messageId, notice }, key, at);
          else await enqueueKeyboardEdit(trx, { messageId, ref, keyboard: 'none' }, key, at);
        },
      );
      if (outcome.kind === 'cancelled') return answerCallback(query.id, messages.bookingCancelled);
      await removeButtons();
      return answerCallback(query.id, outcome.kind === 'notFound' ? messages.bookingNotFound : messages.alreadyCancelled);
    }

    const booking = await findBookingToCancel(db.kysely, { ref });
    if (!booking || booking.cancelledAt !== null) {
      await removeButtons();
      return answerCallback(query.id, booking ? messages.alreadyCancelled : messages.bookingNotFound);
    }
    await enqueueKeyboardEdit(db.kysely, { messageId, ref, keyboard: action === 'cancel' ? 'confirm' : 'cancel' }, key, at);
    return answerCallback(query.id);
  }

  return async (raw) => {
    const result = updateSchema.safeParse(raw);
    if (!result.success) {
      log.warn('Telegram update not understood, skipped');
      return;
    }
    const update = result.data;
    const query = update.callback_query;
    if (query) {
      // A button elsewhere (the bot added to another group) is answered, so its spinner stops.
      if (!query.message || !isOwnerChat(query.message.chat.id)) return answerCallback(query.id);
      return pressButton(update.update_id, query);
    }
    const message = update.message;
    if (!message || !isOwnerChat(message.chat.id) || message.text === undefined) return;
    await replyToCommand(update.update_id, message.text);
  };
}

export function updateKey(updateId: number): string {
  return `update:${updateId}`;
}
