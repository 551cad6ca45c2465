import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../db/database';
import {
  choiceLabel,
  handoverLines,
  type ParsedCallback,
  parseCallbackData,
  parseKilometres,
  pickedUpByText,
  returnOfText,
} from '../../../domain/chat/owner-bot';
import { formatKilometres, type HandoverEvent } from '../../../domain/handover/handover';
import { messages } from '../../../domain/text/messages';
import { localMomentIn } from '../../../domain/time/clock';
import { cancelBooking, findBookingToCancel } from '../../bookings/cancel/service';
import type { TelegramConfig } from '../../config';
import { addReturnKilometres, type HandoverOutcome, recordHandover } from '../../handover/service';
import type { BookOffer } from '../../waiting-list/service';
import { createBorrowerButtonHandler } from '../borrower/buttons';
import { createBorrowerMessageHandler } from '../borrower/updates';
import { callTelegram } from '../bot-api';
import { enqueueBotText } from '../outbox/enqueue';
import {
  closeKmQuestion,
  enqueueHandoverKeyboard,
  enqueueKeyboardEdit,
  findHandoverMessage,
  findNoticeMessageId,
  findOpenKmQuestion,
  isConfirmationAsked,
} from '../outbox/notices';
import { commandReply } from './commands';
import { findHandoverCandidates, findStartInstant } from './handover';
import { decideOutOfService, endOutOfService, startOutOfService } from './out-of-service';

const chat = z.object({ id: z.union([z.number(), z.string()]), type: z.string().optional() });
export const updateSchema = z.object({
  update_id: z.number().int().nonnegative(),
  message: z
    .object({ chat, text: z.string().optional(), reply_to_message: z.object({ message_id: z.number().int() }).optional() })
    .optional(),
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
  graceMinutes: number;
  telegram: TelegramConfig;
  log: FastifyBaseLogger;
  signal: AbortSignal;
  bookOffer: BookOffer;
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
  const { db, now, timeZone, graceMinutes, telegram, log } = deps;
  const owner = { kind: 'owner', name: null } as const;
  const strangers = new Set<string>();
  const borrowerMessage = createBorrowerMessageHandler({ db, now, timeZone, graceMinutes });
  const borrowerButton = createBorrowerButtonHandler({ db, now, timeZone, graceMinutes, bookOffer: deps.bookOffer });

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
    if (command === '/ambil' || command === '/kembali') return handoverCommand(updateId, command === '/ambil' ? 'pickup' : 'return');
    if (!command.startsWith('/')) return;
    if (command === '/bengkel' || command === '/siap') return outOfServiceCommand(updateId, command, text);
    const reply = await commandReply(db.kysely, command, at, { timeZone, graceMinutes });
    await enqueueBotText(db.kysely, 'reply', reply, updateKey(updateId), at);
  }

  async function outOfServiceCommand(updateId: number, command: '/bengkel' | '/siap', text: string): Promise<void> {
    const clock = { now: now(), timeZone };
    const key = updateKey(updateId);
    if (command === '/siap') {
      await enqueueBotText(db.kysely, 'reply', await endOutOfService(db, clock), key, clock.now);
      return;
    }
    const answer = await startOutOfService(db, text.trim().replace(/^\S+\s*/, ''), clock);
    await enqueueBotText(db.kysely, 'reply', answer.text, key, clock.now, answer.keyboard);
  }

  /** `Batalkan semua` / `Biarkan` count only under the `/bengkel` answer that offered them; the buttons go once pressed. */
  async function pressOutOfServiceButton(updateId: number, queryId: string, ref: string, decision: 'cancel' | 'keep', messageId: number) {
    const message = await findHandoverMessage(db.kysely, telegram.chatId, messageId);
    if (!message?.refs.includes(ref)) return answerCallback(queryId);
    const at = now();
    const answer = await decideOutOfService(db, ref, decision, { now: at, timeZone });
    await enqueueHandoverKeyboard(db.kysely, { messageId, keyboard: { kind: 'none' } }, updateKey(updateId), at);
    return answerCallback(queryId, answer);
  }

  /** One booking is acted on at once (a return asks the fuel first); several are offered as buttons. */
  async function handoverCommand(updateId: number, event: 'pickup' | 'return'): Promise<void> {
    const at = now();
    const key = updateKey(updateId);
    const labels = messages.ownerBot;
    const candidates = await findHandoverCandidates(db.kysely, event, at, timeZone);
    const [only] = candidates;
    if (!only) {
      await enqueueBotText(db.kysely, 'reply', event === 'pickup' ? labels.noneToPickUp : labels.noneToReturn, key, at);
      return;
    }
    if (candidates.length > 1) {
      const options = candidates.map((booking) => ({ ref: booking.ref, label: choiceLabel(booking) }));
      await enqueueBotText(db.kysely, 'reply', labels.chooseBooking, key, at, { kind: 'choose', event, options });
      return;
    }
    if (event === 'return') {
      await enqueueBotText(db.kysely, 'reply', returnOfText(only), key, at, { kind: 'fuel', ref: only.ref });
      return;
    }
    const outcome = await recordHandover(db, { ref: only.ref }, { event: 'pickup', by: owner, now: at, timeZone, graceMinutes });
    const reply =
      outcome.kind === 'recorded'
        ? pickedUpByText(only, localMomentIn(timeZone, at).time)
        : (recordedAnswer(outcome) ?? messages.bookingNotFound);
    await enqueueBotText(db.kysely, 'reply', reply, key, at);
  }

  /** A number in the owner's chat answers the open kilometre question, if any; other talk gets no answer. */
  async function replyWithKilometres(updateId: number, km: number, replyTo: number | undefined): Promise<void> {
    const ref = await findOpenKmQuestion(db.kysely, telegram.chatId, replyTo);
    if (ref === undefined) return;
    const outcome = await addReturnKilometres(db, ref, km);
    const at = now();
    if (outcome.kind === 'invalid') {
      await enqueueBotText(db.kysely, 'reply', outcome.message, updateKey(updateId), at);
      return;
    }
    if (outcome.kind !== 'recorded') return;
    const line = messages.ownerBot.kmRecorded(formatKilometres(km));
    await closeKmQuestion(db.kysely, ref, line, at);
    await enqueueBotText(db.kysely, 'reply', line, updateKey(updateId), at);
  }

  function recordedAnswer(outcome: HandoverOutcome): string | undefined {
    if (outcome.kind === 'recorded') return handoverLines(outcome.booking, timeZone).at(-1);
    if (outcome.kind === 'already' || outcome.kind === 'refused') return outcome.message;
    return outcome.kind === 'notFound' ? messages.bookingNotFound : undefined;
  }

  /**
   * A handover button counts only from a message the bot sent with buttons for that booking. What
   * it records changes the booking's messages in the same transaction (recordHandover); a command's
   * reply is edited here, and a return asks the kilometres.
   */
  async function pressHandoverButton(
    updateId: number,
    queryId: string,
    parsed: Exclude<ParsedCallback, { action: 'cancel' | 'confirm' | 'keep' | 'cancelAll' | 'keepAll' }>,
    messageId: number,
  ): Promise<void> {
    const message = await findHandoverMessage(db.kysely, telegram.chatId, messageId);
    if (!message?.refs.includes(parsed.ref)) return answerCallback(queryId);
    const { ref } = parsed;
    const at = now();
    if (parsed.action === 'skipKm') {
      await closeKmQuestion(db.kysely, ref, messages.ownerBot.kmSkipped, at);
      return answerCallback(queryId);
    }
    if (parsed.action === 'return') {
      // Without the fuel the service refuses the owner's return: that it would take it is all this asks.
      const check = await recordHandover(db, { ref }, { event: 'return', by: owner, now: at, timeZone, graceMinutes });
      if (check.kind !== 'invalid') return answerCallback(queryId, recordedAnswer(check));
      await enqueueHandoverKeyboard(db.kysely, { messageId, keyboard: { kind: 'fuel', ref } }, updateKey(updateId), at);
      return answerCallback(queryId);
    }
    const event: HandoverEvent = parsed.action === 'fuel' ? 'return' : parsed.action;
    const when = parsed.action === 'pickup' && message.role === 'noShow' ? await findStartInstant(db.kysely, ref, timeZone) : at;
    const outcome = await recordHandover(
      db,
      { ref },
      {
        event,
        by: owner,
        now: when ?? at,
        recordedAt: at,
        timeZone,
        graceMinutes,
        cause: { kind: 'ownerPress', message },
        ...(parsed.action === 'fuel' ? { fuel: parsed.fuel } : {}),
      },
    );
    return answerCallback(queryId, recordedAnswer(outcome));
  }

  async function pressButton(updateId: number, query: NonNullable<Update['callback_query']>): Promise<void> {
    const parsed = query.data === undefined ? undefined : parseCallbackData(query.data);
    const messageId = query.message?.message_id;
    if (!parsed || messageId === undefined) return answerCallback(query.id);
    if (parsed.action === 'cancelAll' || parsed.action === 'keepAll') {
      return pressOutOfServiceButton(updateId, query.id, parsed.ref, parsed.action === 'cancelAll' ? 'cancel' : 'keep', messageId);
    }
    if (parsed.action !== 'cancel' && parsed.action !== 'confirm' && parsed.action !== 'keep') {
      return pressHandoverButton(updateId, query.id, parsed, messageId);
    }
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
        {
          who: { kind: 'owner' },
          reason: messages.ownerBot.cancelReason,
          now: at,
          timeZone,
          cause: { kind: 'ownerPress', messageId, updateKey: key },
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
      const from = query.message?.chat;
      if (query.message && from?.type === 'private' && String(from.id) !== telegram.chatId) {
        const answer = await borrowerButton(updateKey(update.update_id), String(from.id), query.message.message_id, query.data);
        return answerCallback(query.id, answer);
      }
      // A button elsewhere (the bot added to another group) is answered, so its spinner stops.
      if (!query.message || !isOwnerChat(query.message.chat.id)) return answerCallback(query.id);
      return pressButton(update.update_id, query);
    }
    const message = update.message;
    // Borrowers talk to the bot in private chats (issue 26); other groups are ignored.
    if (message?.text !== undefined && message.chat.type === 'private' && String(message.chat.id) !== telegram.chatId) {
      return borrowerMessage(updateKey(update.update_id), String(message.chat.id), message.text);
    }
    if (!message || !isOwnerChat(message.chat.id) || message.text === undefined) return;
    const km = parseKilometres(message.text);
    if (km !== undefined) return replyWithKilometres(update.update_id, km, message.reply_to_message?.message_id);
    await replyToCommand(update.update_id, message.text);
  };
}

export function updateKey(updateId: number): string {
  return `update:${updateId}`;
}
