import type { Db } from '../../db/database';
import { type BikeChoice, parseBikeCallback } from '../../domain/chat/owner-bot';
import { escapeLegacyMarkdown } from '../../domain/chat/telegram-text';
import { bikeMessages } from '../../domain/motor/bike-messages';
import { FIRST_BIKE_ID } from '../../domain/motor/bikes';
import { checkPeriod, MAX_OUT_OF_SERVICE_REASON } from '../../domain/out-of-service/out-of-service-form';
import { outOfServiceMessages } from '../../domain/out-of-service/out-of-service-messages';
import { type Clock, localMomentIn } from '../../domain/time/clock';
import { findBikeChoice } from '../handover/owner-messages';
import type { BotAnswer, BotDeps, ButtonPress, ButtonRoute, CommandHandler, OwnerScope } from '../telegram/bot/routes';
import { enqueueOutbox } from '../telegram/outbox/enqueue';
import { enqueueToBikeOwner, findOwnerBike, namingBike, type OwnerBike } from './owner-chat';
import { createPeriod, endPeriod, findBikesOut, findCurrentPeriod } from './service';

const owner = { kind: 'owner' } as const;
const labels = outOfServiceMessages;

/** The bikes an owner's `/bengkel` and `/siap` act on: the chat's active ones (all of its bikes when none is active). */
function ownBikes(scope: OwnerScope | undefined): { id: number; name: string }[] {
  const bikes = scope?.bikes ?? [];
  const active = bikes.filter((bike) => bike.active);
  return (active.length > 0 ? active : bikes).map(({ id, name }) => ({ id, name }));
}

export function ownsBike(scope: OwnerScope | undefined, bikeId: number): boolean {
  return scope?.bikes.some((bike) => bike.id === bikeId) ?? false;
}

export function pressChat(press: ButtonPress): string | null {
  return press.owner?.chatId ?? null;
}

/** Telegram numbers messages per chat: a linked chat's once-per-message keys name it (the main chat's stay as they were). */
export function messageKey(prefix: string, press: ButtonPress): string {
  const chat = pressChat(press);
  return chat === null ? `${prefix}:${press.messageId}` : `${prefix}:${press.messageId}@${chat}`;
}

/** False when an earlier press took the buttons. */
export function closeButtons(db: Db, press: ButtonPress, key: string, now: Date): Promise<boolean> {
  const edit = { messageId: press.messageId, keyboard: { kind: 'none' } } as const;
  return enqueueOutbox(db.kysely, 'handover-keyboard', edit, { now, dedupeKey: key, chatId: pressChat(press) });
}

/** `/bengkel {alasan}` on one bike: out of service from now, open-ended until `Sampai kapan?` is answered (issue 38). */
async function startOutOfService(db: Db, reason: string, bike: OwnerBike, clock: Clock): Promise<BotAnswer> {
  if (reason.trim() === '') return { text: labels.ownerReasonMissing };
  const current = await findCurrentPeriod(db.kysely, clock, [bike.id]);
  if (current) return { text: namingBike(labels.ownerAlreadyOut(escapeLegacyMarkdown(current.reason)), bike) };
  const now = localMomentIn(clock.timeZone, clock.now);
  const period = { fromDate: now.date, fromTime: now.time, untilDate: null, untilTime: null, reason, motorId: bike.id };
  const outcome = await createPeriod(db, { period, by: owner, decision: null }, clock);
  if (outcome.kind !== 'created') return { text: Object.values(outcome.errors).join('\n') };
  return {
    text: namingBike(labels.ownerAskUntil(escapeLegacyMarkdown(outcome.period.reason)), bike),
    keyboard: { kind: 'outOfServiceUntil', ref: outcome.period.ref },
  };
}

/** A reason to be refused is refused before any bike is asked for. */
function reasonRefusal(reason: string): string | undefined {
  if (reason.trim() === '') return labels.ownerReasonMissing;
  return checkPeriod({ fromDate: '', fromTime: '', untilDate: null, untilTime: null, reason }).reason;
}

async function endOutOfService(db: Db, bikeId: number | undefined, clock: Clock): Promise<string> {
  if (bikeId === undefined) return labels.ownerNotOut;
  const bike = await findOwnerBike(db.kysely, bikeId);
  const outcome = await endPeriod(db, undefined, owner, clock, [bikeId]);
  return namingBike(outcome.kind === 'ended' ? labels.ownerReady : labels.ownerNotOut, bike);
}

/** The press's answer is plain text: the message's Markdown escapes go. */
async function answerInChat(db: Db, bike: OwnerBike, answer: BotAnswer, key: string, now: Date): Promise<string> {
  await enqueueToBikeOwner(db.kysely, bike, answer, key, now);
  return answer.text.replace(/\\([_*`[])/g, '$1');
}

/** Started by a press, the question is a message of its own: its buttons count only under the message that sent them. */
export async function startAgain(db: Db, reason: string, bike: OwnerBike, key: string, clock: Clock): Promise<string> {
  const answer = await startOutOfService(db, Array.from(reason).slice(0, MAX_OUT_OF_SERVICE_REASON).join(''), bike, clock);
  return answerInChat(db, bike, answer, key, clock.now);
}

/** Only the first press under the message that asked, in its chat, for a bike it owns and offered, goes on (with the kept reason). */
async function pressBike(db: Db, { event, bikeId }: BikeChoice, press: ButtonPress, clock: Clock): Promise<string | undefined> {
  const asked = await findBikeChoice(db.kysely, press.chatId, press.messageId);
  if (!ownsBike(press.owner, bikeId) || asked?.event !== event || !asked.bikes.some((bike) => bike.id === bikeId)) return undefined;
  if (!(await closeButtons(db, press, messageKey('bike-chosen', press), clock.now))) return labels.ownerUntilChosen;
  const bike = await findOwnerBike(db.kysely, bikeId);
  const key = messageKey('bike-chosen-answer', press);
  if (event === 'outOfService') return startAgain(db, asked.reason ?? '', bike, key, clock);
  return answerInChat(db, bike, { text: await endOutOfService(db, bikeId, clock) }, key, clock.now);
}

/** In an owner's chat they act on its bikes (0061); with several, `Motor yang mana?` (for `/siap`, among those out now). */
export function outOfServiceCommands({ db, now, timeZone }: BotDeps) {
  const bengkel: CommandHandler = async ({ argument, reply, owner: scope }) => {
    const clock = { now: now(), timeZone };
    const bikes = ownBikes(scope);
    if (bikes.length > 1) {
      const refused = reasonRefusal(argument);
      const keyboard = { kind: 'chooseBike', event: 'outOfService', bikes, reason: argument.trim() } as const;
      return reply(refused === undefined ? { text: bikeMessages.chooseBike, keyboard } : { text: refused }, clock.now);
    }
    const bike = await findOwnerBike(db.kysely, bikes[0]?.id ?? FIRST_BIKE_ID);
    await reply(await startOutOfService(db, argument, bike, clock), clock.now);
  };
  const siap: CommandHandler = async ({ reply, owner: scope }) => {
    const clock = { now: now(), timeZone };
    const bikes = ownBikes(scope);
    const ids = bikes.map((bike) => bike.id);
    const out = await findBikesOut(db.kysely, clock, ids);
    if (out.length > 1) {
      const keyboard = { kind: 'chooseBike', event: 'ready', bikes: bikes.filter((bike) => out.includes(bike.id)) } as const;
      return reply({ text: bikeMessages.chooseBike, keyboard }, clock.now);
    }
    await reply({ text: await endOutOfService(db, out[0], clock) }, clock.now);
  };
  const bikeButton: ButtonRoute<BikeChoice> = {
    parse: (data) => {
      const choice = parseBikeCallback(data);
      return choice?.event === 'outOfService' || choice?.event === 'ready' ? choice : undefined;
    },
    press: (choice, press) => pressBike(db, choice, press, { now: now(), timeZone }),
  };
  return { commands: { '/bengkel': bengkel, '/siap': siap }, bikeButton };
}
