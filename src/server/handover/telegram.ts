import {
  type BikeChoice,
  choiceLabel,
  handoverLines,
  type ParsedCallback,
  parseBikeCallback,
  parseCallbackData,
  parseKilometres,
  pickedUpByText,
  returnOfText,
} from '../../domain/chat/owner-bot';
import { formatKilometres, type HandoverBooking, type HandoverEvent } from '../../domain/handover/handover';
import { lifecycleMessages } from '../../domain/handover/lifecycle-messages';
import { bikeMessages } from '../../domain/motor/bike-messages';
import { messages } from '../../domain/text/messages';
import { localMomentIn } from '../../domain/time/clock';
import type { BotAnswer, BotDeps, ButtonPress, ButtonRoute, ChatMessage, CommandHandler, OwnerScope } from '../telegram/bot/routes';
import { enqueueOutbox } from '../telegram/outbox/enqueue';
import { findHandoverCandidates, findStartInstant } from './candidates';
import {
  closeKmQuestion,
  enqueueHandoverKeyboard,
  enqueueKmQuestion,
  findBikeChoice,
  findHandoverMessage,
  findOpenKmQuestion,
} from './owner-messages';
import { addReturnKilometres, completeReturn, type HandoverOutcome, recordHandover } from './service';

type HandoverPress = Exclude<ParsedCallback, { action: 'cancel' | 'confirm' | 'keep' | 'cancelAll' | 'keepAll' }>;
type HandoverBikeChoice = BikeChoice & { event: 'pickup' | 'return' };

const owner = { kind: 'owner', name: null } as const;

/** An owner's chat acts on its own bikes' bookings only (0060); a borrower's chat has no scope. */
function ownBookings<T extends { motorbikeId: number }>(bookings: T[], scope: OwnerScope | undefined): T[] {
  return scope === undefined ? bookings : bookings.filter((booking) => scope.bikes.some((bike) => bike.id === booking.motorbikeId));
}

/** The handover's answer to a press: the line it recorded, or why nothing was. */
export function handoverAnswer(outcome: HandoverOutcome, timeZone: string): string | undefined {
  if (outcome.kind === 'recorded') return handoverLines(outcome.booking, timeZone).at(-1);
  if (outcome.kind === 'already' || outcome.kind === 'refused') return outcome.message;
  return outcome.kind === 'notFound' ? messages.bookingNotFound : undefined;
}

/** One booking is acted on at once (a return asks the fuel first); several are offered as buttons. */
function handoverAct({ db, timeZone, graceMinutes }: Omit<BotDeps, 'now'>) {
  return async (event: 'pickup' | 'return', candidates: HandoverBooking[], reply: ChatMessage['reply'], at: Date): Promise<void> => {
    const labels = messages.ownerBot;
    const [only] = candidates;
    if (!only) return reply({ text: event === 'pickup' ? labels.noneToPickUp : labels.noneToReturn }, at);
    if (candidates.length > 1) {
      const options = candidates.map((booking) => ({ ref: booking.ref, label: choiceLabel(booking) }));
      return reply({ text: labels.chooseBooking, keyboard: { kind: 'choose', event, options } }, at);
    }
    const outcome = await recordHandover(db, { ref: only.ref }, { event, by: owner, now: at, timeZone, graceMinutes });
    const time = localMomentIn(timeZone, at).time;
    if (outcome.kind !== 'recorded') return reply({ text: handoverAnswer(outcome, timeZone) ?? messages.bookingNotFound }, at);
    if (event === 'pickup') return reply({ text: pickedUpByText(only, time) }, at);
    // Recorded at once (the charge counts from now); the fuel buttons and the kilometre question only complete it.
    await reply({ text: returnOfText(only, time), keyboard: { kind: 'fuel', ref: only.ref } }, at);
    await enqueueKmQuestion(db.kysely, only.ref, at);
  };
}

/** The owner's `/ambil`, `/kembali`, handover and fuel buttons, and the kilometres typed after a return. */
export function handoverBotRoutes({ db, now, timeZone, graceMinutes }: BotDeps) {
  const act = handoverAct({ db, timeZone, graceMinutes });
  const handoverCommand =
    (event: 'pickup' | 'return'): CommandHandler =>
    async ({ reply, owner: scope }) => {
      const at = now();
      const candidates = ownBookings(await findHandoverCandidates(db.kysely, event, at, timeZone), scope);
      const bikes = scope?.bikes.filter((bike) => candidates.some((booking) => booking.motorbikeId === bike.id)) ?? [];
      if (bikes.length > 1) {
        const keyboard = { kind: 'chooseBike', event, bikes: bikes.map(({ id, name }) => ({ id, name })) } as const;
        return reply({ text: bikeMessages.chooseBike, keyboard }, at);
      }
      await act(event, candidates, reply, at);
    };

  /** `Motor yang mana?`'s bike, pressed in the chat it was asked in: the command goes on with that bike's bookings. */
  async function pressBike({ event, bikeId }: HandoverBikeChoice, { updateKey, chatId, messageId, owner: scope }: ButtonPress) {
    const bike = scope?.bikes.find((owned) => owned.id === bikeId);
    const offered = await findBikeChoice(db.kysely, chatId, messageId);
    if (!scope || !bike || offered?.event !== event || !offered.bikes.some((choice) => choice.id === bikeId)) return undefined;
    const at = now();
    await enqueueHandoverKeyboard(db.kysely, { messageId, keyboard: { kind: 'none' } }, `${updateKey}:bike`, at, scope.chatId);
    const candidates = ownBookings(await findHandoverCandidates(db.kysely, event, at, timeZone), { ...scope, bikes: [bike] });
    const reply = async ({ text, keyboard }: BotAnswer, when: Date) => {
      const payload = keyboard === undefined ? { text } : { text, keyboard };
      await enqueueOutbox(db.kysely, 'reply', payload, { now: when, dedupeKey: updateKey, chatId: scope.chatId });
    };
    await act(event, candidates, reply, at);
    return bike.name;
  }

  /** A number in the owner's chat answers the open kilometre question, if any; other talk gets no answer. */
  async function replyWithKilometres({ text, chatId, replyTo, reply, owner: scope }: ChatMessage): Promise<void> {
    const km = parseKilometres(text);
    if (km === undefined) return;
    const ref = await findOpenKmQuestion(db.kysely, { chatId, ownerChat: scope?.chatId ?? null }, replyTo);
    if (ref === undefined) return;
    const outcome = await addReturnKilometres(db, ref, km);
    const at = now();
    if (outcome.kind === 'invalid') return reply({ text: outcome.message }, at);
    if (outcome.kind !== 'recorded') return;
    const line = messages.ownerBot.kmRecorded(formatKilometres(km));
    await closeKmQuestion(db.kysely, ref, line, at);
    await reply({ text: line }, at);
  }

  /**
   * A handover button counts only from a message the bot sent with buttons for that booking. What
   * it records changes the booking's messages in the same transaction (the handover's subscribers).
   */
  async function press(parsed: HandoverPress, { updateKey, chatId, messageId, owner: scope }: ButtonPress): Promise<string | undefined> {
    const message = await findHandoverMessage(db.kysely, chatId, messageId);
    if (!message?.refs.includes(parsed.ref)) return undefined;
    const { ref } = parsed;
    const at = now();
    if (parsed.action === 'skipKm') {
      await closeKmQuestion(db.kysely, ref, messages.ownerBot.kmSkipped, at);
      return undefined;
    }
    if (parsed.action === 'fuel') {
      const completed = await completeReturn(db, ref, parsed.fuel, owner, at, timeZone);
      if (completed.kind === 'completed') {
        await enqueueHandoverKeyboard(db.kysely, { messageId, keyboard: { kind: 'none' } }, updateKey, at, scope?.chatId ?? null);
        return lifecycleMessages.fuelRecorded(parsed.fuel);
      }
      // A fuel button sent before returns were recorded at once still records the return with it.
      const notReturned = completed.kind === 'refused' && (completed.booking.stage === 'booked' || completed.booking.stage === 'pickedUp');
      if (!notReturned) return completed.kind === 'notFound' ? messages.bookingNotFound : completed.message;
    }
    const event: HandoverEvent = parsed.action === 'fuel' ? 'return' : parsed.action;
    const when = parsed.action === 'pickup' && message.role === 'noShow' ? await findStartInstant(db.kysely, ref, timeZone, at) : at;
    const fuel = parsed.action === 'fuel' ? { fuel: parsed.fuel } : {};
    const cause = { kind: 'ownerPress', message } as const;
    const request = { event, by: owner, now: when ?? at, recordedAt: at, timeZone, graceMinutes, cause, ...fuel };
    const outcome = await recordHandover(db, { ref }, request);
    if (outcome.kind === 'recorded' && event === 'return' && parsed.action === 'return') {
      const { name, class: className } = outcome.booking;
      return lifecycleMessages.returnRecorded(`${name} (${className})`, localMomentIn(timeZone, at).time);
    }
    return handoverAnswer(outcome, timeZone);
  }

  const button: ButtonRoute<HandoverPress> = {
    parse: (data) => {
      const parsed = parseCallbackData(data);
      const others = ['cancel', 'confirm', 'keep', 'cancelAll', 'keepAll'];
      return parsed && !others.includes(parsed.action) ? (parsed as HandoverPress) : undefined;
    },
    press,
  };
  const bikeButton: ButtonRoute<HandoverBikeChoice> = {
    parse: (data) => {
      const choice = parseBikeCallback(data);
      return choice?.event === 'pickup' || choice?.event === 'return' ? { ...choice, event: choice.event } : undefined;
    },
    press: pressBike,
  };
  const commands = { '/ambil': handoverCommand('pickup'), '/kembali': handoverCommand('return') };
  return { commands, text: replyWithKilometres, button, bikeButton };
}
