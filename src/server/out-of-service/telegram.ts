import type { Db } from '../../db/database';
import { parseCallbackData } from '../../domain/chat/owner-bot';
import type { OutOfServiceDecision } from '../../domain/out-of-service/out-of-service';
import { outOfServiceMessages } from '../../domain/out-of-service/out-of-service-messages';
import {
  bookingsKeyboard,
  listedLine,
  type OutOfServicePress,
  parseOutOfServiceCallback,
  untilChosenText,
} from '../../domain/out-of-service/owner-flow';
import { type Clock, formatIndonesianDate } from '../../domain/time/clock';
import { enqueueHandoverKeyboard, findHandoverMessage } from '../handover/owner-messages';
import type { BotDeps, ButtonPress, ButtonRoute } from '../telegram/bot/routes';
import { enqueueOutbox } from '../telegram/outbox/enqueue';
import { botTextSchema } from '../telegram/outbox/kinds';
import { findMessageOrigin } from '../telegram/outbox/sent';
import { findOwnerBike, namingBike } from './owner-chat';
import { closeButtons, messageKey, outOfServiceCommands, ownsBike, pressChat, startAgain } from './owner-commands';
import { chooseUntil, decideOne } from './owner-flow';
import { findBikeOfBookingRef, findPeriodByRef } from './repository';
import { decidePeriod } from './service';

const labels = outOfServiceMessages;

/** A press of `Batalkan semua` (or an older message's `Biarkan`): the callback's answer. */
async function decideOutOfService(db: Db, ref: string, decision: OutOfServiceDecision, clock: Clock): Promise<string> {
  const outcome = await decidePeriod(db, ref, decision, clock);
  if (outcome.kind === 'notFound') return labels.notFound;
  if (outcome.kind === 'already') return labels.ownerDecided;
  const { reason } = outcome.period;
  return decision === 'cancel'
    ? labels.ownerCancelledCount(outcome.cancelled.length, reason)
    : labels.ownerWarnedCount(outcome.warned.length, reason);
}

type FlowPress = { press: ButtonPress; clock: Clock };

/** `1 jam` … `Belum tahu`: the question becomes the period's end and the list of the bookings inside, each with its buttons. */
async function pressUntil(db: Db, { ref, choice }: Extract<OutOfServicePress, { action: 'until' }>, { press, clock }: FlowPress) {
  const outcome = await chooseUntil(db, ref, choice, clock);
  if (outcome.kind === 'notFound') return labels.notFound;
  if (outcome.kind === 'already') return labels.ownerUntilChosen;
  const { period, inside } = outcome;
  const until = { date: period.untilDate ?? '', time: period.untilTime ?? '' };
  const text = namingBike(untilChosenText(period.reason, until, inside), await findOwnerBike(db.kysely, period.motorbikeId));
  const edit = { messageId: press.messageId, text, keyboard: bookingsKeyboard(ref, inside) };
  await enqueueOutbox(db.kysely, 'message-edit', edit, { now: clock.now, dedupeKey: press.updateKey, chatId: pressChat(press) });
  return labels.ownerUntil(period.reason, formatIndonesianDate(until.date), until.time);
}

/** `Batalkan` / `Biarkan` under one booking: the list keeps the buttons of those still undecided. */
async function pressOne(
  db: Db,
  { action, ref, booking }: { action: 'cancelOne' | 'keepOne'; ref: string; booking: string },
  at: FlowPress,
) {
  const outcome = await decideOne(db, { ref, booking, cancel: action === 'cancelOne' }, at.clock);
  if (outcome.kind === 'notFound') return labels.notFound;
  if (outcome.kind === 'done') return labels.ownerOneDone;
  const keyboard = bookingsKeyboard(ref, outcome.left);
  await enqueueHandoverKeyboard(
    db.kysely,
    { messageId: at.press.messageId, keyboard },
    at.press.updateKey,
    at.clock.now,
    pressChat(at.press),
  );
  const line = listedLine(outcome.booking);
  return action === 'cancelOne' ? labels.ownerOneCancelled(line) : labels.ownerOneKept(line);
}

/** The digest's `Masih`: a new period from now with the same reason, asking again until when; `Sudah siap`: nothing to do. */
async function pressStillOut(db: Db, { ref, still }: { ref: string; still: boolean }, { press, clock }: FlowPress) {
  if (!(await closeButtons(db, press, `out-of-service-still-answered:${ref}`, clock.now))) return labels.ownerDecided;
  const period = await findPeriodByRef(db.kysely, ref);
  if (!period) return labels.notFound;
  if (!still) return labels.ownerReady;
  return startAgain(db, period.reason, await findOwnerBike(db.kysely, period.motorbikeId), `out-of-service-again:${ref}`, clock);
}

/** `Tandai tidak tersedia` under a borrower's note: `/bengkel` on the loan's bike with the note as its reason, from that bike's owner chat. */
async function pressMarkNote(db: Db, ref: string, { press, clock }: FlowPress) {
  const origin = await findMessageOrigin(db.kysely, press.chatId, press.messageId);
  const keyboard = origin && botTextSchema.safeParse(JSON.parse(origin.payload)).data?.keyboard;
  if (keyboard?.kind !== 'outOfServiceNote' || keyboard.ref !== ref) return undefined;
  const bikeId = await findBikeOfBookingRef(db.kysely, ref);
  if (bikeId === undefined || !ownsBike(press.owner, bikeId)) return undefined;
  if (!(await closeButtons(db, press, messageKey('out-of-service-note-pressed', press), clock.now))) return labels.ownerDecided;
  return startAgain(db, keyboard.reason, await findOwnerBike(db.kysely, bikeId), messageKey('out-of-service-note', press), clock);
}

async function pressFlow(db: Db, parsed: OutOfServicePress, at: FlowPress): Promise<string | undefined> {
  switch (parsed.action) {
    case 'until':
      return pressUntil(db, parsed, at);
    case 'cancelOne':
    case 'keepOne':
    case 'showOne':
      return parsed.action === 'showOne' ? labels.ownerChooseEach : pressOne(db, { ...parsed, action: parsed.action }, at);
    case 'stillOut':
      return pressStillOut(db, parsed, at);
    case 'markNote':
      return pressMarkNote(db, parsed.ref, at);
  }
}

type PeriodPress = { kind: 'all'; ref: string; decision: OutOfServiceDecision } | { kind: 'flow'; parsed: OutOfServicePress };

function parsePress(data: string): PeriodPress | undefined {
  const flow = parseOutOfServiceCallback(data);
  if (flow) return { kind: 'flow', parsed: flow };
  const parsed = parseCallbackData(data);
  if (parsed?.action !== 'cancelAll' && parsed?.action !== 'keepAll') return undefined;
  return { kind: 'all', ref: parsed.ref, decision: parsed.action === 'cancelAll' ? 'cancel' : 'keep' };
}

/** A period's buttons count only in a chat that owns its bike (a period not found is told so by the flow). */
async function periodOwned(db: Db, ref: string, press: ButtonPress): Promise<boolean> {
  const period = await findPeriodByRef(db.kysely, ref);
  return period === undefined || ownsBike(press.owner, period.motorbikeId);
}

/** The owner's `/bengkel {alasan}` and `/siap`, and the buttons of their flow (issue 27, 38), in the chat of the period's bike (0061). */
export function outOfServiceBotRoutes(deps: BotDeps) {
  const { db, now, timeZone } = deps;
  /** The buttons count only under the message that offered them (a note's: under that note). */
  const button: ButtonRoute<PeriodPress> = {
    parse: parsePress,
    press: async (parsed, press) => {
      const clock = { now: now(), timeZone };
      if (parsed.kind === 'flow' && parsed.parsed.action === 'markNote') return pressFlow(db, parsed.parsed, { press, clock });
      const ref = parsed.kind === 'all' ? parsed.ref : parsed.parsed.ref;
      const message = await findHandoverMessage(db.kysely, press.chatId, press.messageId);
      if (!message?.refs.includes(ref) || !(await periodOwned(db, ref, press))) return undefined;
      if (parsed.kind === 'flow') return pressFlow(db, parsed.parsed, { press, clock });
      const answer = await decideOutOfService(db, ref, parsed.decision, clock);
      const edit = { messageId: press.messageId, keyboard: { kind: 'none' } } as const;
      await enqueueHandoverKeyboard(db.kysely, edit, press.updateKey, clock.now, pressChat(press));
      return answer;
    },
  };
  const { commands, bikeButton } = outOfServiceCommands(deps);
  return { commands, button, bikeButton };
}
