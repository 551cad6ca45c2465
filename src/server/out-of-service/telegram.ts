import type { Db } from '../../db/database';
import { parseCallbackData } from '../../domain/chat/owner-bot';
import { escapeLegacyMarkdown } from '../../domain/chat/telegram-text';
import type { OutOfServiceDecision } from '../../domain/out-of-service/out-of-service';
import { MAX_OUT_OF_SERVICE_REASON } from '../../domain/out-of-service/out-of-service-form';
import { outOfServiceMessages } from '../../domain/out-of-service/out-of-service-messages';
import {
  bookingsKeyboard,
  listedLine,
  type OutOfServicePress,
  parseOutOfServiceCallback,
  untilChosenText,
} from '../../domain/out-of-service/owner-flow';
import { type Clock, formatIndonesianDate, localMomentIn } from '../../domain/time/clock';
import { enqueueHandoverKeyboard, findHandoverMessage } from '../handover/owner-messages';
import type { BotAnswer, BotDeps, ButtonPress, ButtonRoute, CommandHandler } from '../telegram/bot/routes';
import { enqueueBotText, enqueueOutbox } from '../telegram/outbox/enqueue';
import { botTextSchema } from '../telegram/outbox/kinds';
import { findMessageOrigin } from '../telegram/outbox/sent';
import { chooseUntil, decideOne } from './owner-flow';
import { findPeriodByRef } from './repository';
import { createPeriod, decidePeriod, endPeriod, findCurrentPeriod } from './service';

const owner = { kind: 'owner' } as const;
const labels = outOfServiceMessages;

/**
 * `/bengkel {alasan}`: out of service from now, open-ended until the owner answers `Sampai kapan?`
 * (issue 38). Until then the bookings stand and new ones are refused; the answer lists those inside.
 */
async function startOutOfService(db: Db, reason: string, clock: Clock): Promise<BotAnswer> {
  if (reason.trim() === '') return { text: labels.ownerReasonMissing };
  const current = await findCurrentPeriod(db.kysely, clock);
  if (current) return { text: labels.ownerAlreadyOut(escapeLegacyMarkdown(current.reason)) };
  const now = localMomentIn(clock.timeZone, clock.now);
  const period = { fromDate: now.date, fromTime: now.time, untilDate: null, untilTime: null, reason };
  const outcome = await createPeriod(db, { period, by: owner, decision: null }, clock);
  if (outcome.kind !== 'created') return { text: Object.values(outcome.errors).join('\n') };
  return {
    text: labels.ownerAskUntil(escapeLegacyMarkdown(outcome.period.reason)),
    keyboard: { kind: 'outOfServiceUntil', ref: outcome.period.ref },
  };
}

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

/** `/siap`: the current period ends now. */
async function endOutOfService(db: Db, clock: Clock): Promise<string> {
  const outcome = await endPeriod(db, undefined, owner, clock);
  return outcome.kind === 'ended' ? labels.ownerReady : labels.ownerNotOut;
}

type FlowPress = { press: ButtonPress; clock: Clock };

/** `1 jam` … `Belum tahu`: the question becomes the period's end and the list of the bookings inside, each with its buttons. */
async function pressUntil(db: Db, { ref, choice }: Extract<OutOfServicePress, { action: 'until' }>, { press, clock }: FlowPress) {
  const outcome = await chooseUntil(db, ref, choice, clock);
  if (outcome.kind === 'notFound') return labels.notFound;
  if (outcome.kind === 'already') return labels.ownerUntilChosen;
  const { period, inside } = outcome;
  const until = { date: period.untilDate ?? '', time: period.untilTime ?? '' };
  const edit = { messageId: press.messageId, text: untilChosenText(period.reason, until, inside), keyboard: bookingsKeyboard(ref, inside) };
  await enqueueOutbox(db.kysely, 'message-edit', edit, { now: clock.now, dedupeKey: press.updateKey });
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
  await enqueueHandoverKeyboard(db.kysely, { messageId: at.press.messageId, keyboard }, at.press.updateKey, at.clock.now);
  const line = listedLine(outcome.booking);
  return action === 'cancelOne' ? labels.ownerOneCancelled(line) : labels.ownerOneKept(line);
}

/** The digest's `Masih`: a new period from now with the same reason, asking again until when; `Sudah siap`: nothing to do. */
async function pressStillOut(db: Db, { ref, still }: { ref: string; still: boolean }, { press, clock }: FlowPress) {
  if (!(await closeButtons(db, press, `out-of-service-still-answered:${ref}`, clock.now))) return labels.ownerDecided;
  const period = await findPeriodByRef(db.kysely, ref);
  if (!period) return labels.notFound;
  if (!still) return labels.ownerReady;
  return startAgain(db, period.reason, `out-of-service-again:${ref}`, clock);
}

/** The message's buttons go, once: false when an earlier press took them. */
function closeButtons(db: Db, press: ButtonPress, key: string, now: Date): Promise<boolean> {
  return enqueueOutbox(db.kysely, 'handover-keyboard', { messageId: press.messageId, keyboard: { kind: 'none' } }, { now, dedupeKey: key });
}

/** A question sent as a message of its own (a press answers only with a short notice). */
async function startAgain(db: Db, reason: string, key: string, clock: Clock): Promise<string> {
  const answer = await startOutOfService(db, Array.from(reason).slice(0, MAX_OUT_OF_SERVICE_REASON).join(''), clock);
  await enqueueBotText(db.kysely, 'handover', answer.text, key, clock.now, answer.keyboard);
  // A press's answer is plain text: the message's Markdown escapes go.
  return answer.text.replace(/\\([_*`[])/g, '$1');
}

/** `Tandai tidak tersedia` under a borrower's note: `/bengkel` with the note as its reason. */
async function pressMarkNote(db: Db, ref: string, { press, clock }: FlowPress) {
  const origin = await findMessageOrigin(db.kysely, press.chatId, press.messageId);
  const keyboard = origin && botTextSchema.safeParse(JSON.parse(origin.payload)).data?.keyboard;
  if (keyboard?.kind !== 'outOfServiceNote' || keyboard.ref !== ref) return undefined;
  if (!(await closeButtons(db, press, `out-of-service-note-pressed:${press.messageId}`, clock.now))) return labels.ownerDecided;
  return startAgain(db, keyboard.reason, `out-of-service-note:${press.messageId}`, clock);
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

/** The owner's `/bengkel {alasan}` and `/siap`, and the buttons of their flow (issue 27, 38). */
export function outOfServiceBotRoutes({ db, now, timeZone }: BotDeps) {
  const bengkel: CommandHandler = async ({ argument, reply }) => {
    const clock = { now: now(), timeZone };
    await reply(await startOutOfService(db, argument, clock), clock.now);
  };
  const siap: CommandHandler = async ({ reply }) => {
    const clock = { now: now(), timeZone };
    await reply({ text: await endOutOfService(db, clock) }, clock.now);
  };
  /** The buttons count only under the message that offered them (a note's: under that note). */
  const button: ButtonRoute<PeriodPress> = {
    parse: parsePress,
    press: async (parsed, press) => {
      const clock = { now: now(), timeZone };
      if (parsed.kind === 'flow' && parsed.parsed.action === 'markNote') return pressFlow(db, parsed.parsed, { press, clock });
      const ref = parsed.kind === 'all' ? parsed.ref : parsed.parsed.ref;
      const message = await findHandoverMessage(db.kysely, press.chatId, press.messageId);
      if (!message?.refs.includes(ref)) return undefined;
      if (parsed.kind === 'flow') return pressFlow(db, parsed.parsed, { press, clock });
      const answer = await decideOutOfService(db, ref, parsed.decision, clock);
      await enqueueHandoverKeyboard(db.kysely, { messageId: press.messageId, keyboard: { kind: 'none' } }, press.updateKey, clock.now);
      return answer;
    },
  };
  return { commands: { '/bengkel': bengkel, '/siap': siap }, button };
}
