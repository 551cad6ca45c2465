import type { Db } from '../../db/database';
import { outOfServiceStartText, parseCallbackData } from '../../domain/chat/owner-bot';
import type { OutOfServiceDecision } from '../../domain/out-of-service/out-of-service';
import { outOfServiceMessages } from '../../domain/out-of-service/out-of-service-messages';
import { type Clock, localMomentIn } from '../../domain/time/clock';
import { enqueueHandoverKeyboard, findHandoverMessage } from '../handover/owner-messages';
import type { BotAnswer, BotDeps, ButtonRoute, CommandHandler } from '../telegram/bot/routes';
import { createPeriod, decidePeriod, endPeriod, findBookingsInside, findCurrentPeriod } from './service';

const owner = { kind: 'owner' } as const;
const labels = outOfServiceMessages;

/**
 * `/bengkel {alasan}`: out of service from now, open-ended. The bookings inside are listed under
 * `Batalkan semua` / `Biarkan`; until a button is pressed they stand, and new ones are refused.
 */
async function startOutOfService(db: Db, reason: string, clock: Clock): Promise<BotAnswer> {
  if (reason.trim() === '') return { text: labels.ownerReasonMissing };
  const current = await findCurrentPeriod(db.kysely, clock);
  if (current) return { text: labels.ownerAlreadyOut(current.reason) };
  const now = localMomentIn(clock.timeZone, clock.now);
  const period = { fromDate: now.date, fromTime: now.time, untilDate: null, untilTime: null, reason };
  const affected = await findBookingsInside(db.kysely, period);
  // With nothing inside there is nothing to decide: the period is recorded as leaving bookings be.
  const outcome = await createPeriod(db, { period, by: owner, decision: affected.length === 0 ? 'keep' : null }, clock);
  if (outcome.kind !== 'created') return { text: Object.values(outcome.errors).join('\n') };
  const text = outOfServiceStartText(outcome.period.reason, outcome.affected);
  return outcome.affected.length === 0 || outcome.period.decision !== null
    ? { text }
    : { text, keyboard: { kind: 'outOfService', ref: outcome.period.ref } };
}

/** A press of `Batalkan semua` or `Biarkan`: the callback's answer. */
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

type PeriodPress = { ref: string; decision: OutOfServiceDecision };

/** The owner's `/bengkel {alasan}` and `/siap`, and the `Batalkan semua` / `Biarkan` under the first's answer. */
export function outOfServiceBotRoutes({ db, now, timeZone }: BotDeps) {
  const bengkel: CommandHandler = async ({ argument, reply }) => {
    const clock = { now: now(), timeZone };
    await reply(await startOutOfService(db, argument, clock), clock.now);
  };
  const siap: CommandHandler = async ({ reply }) => {
    const clock = { now: now(), timeZone };
    await reply({ text: await endOutOfService(db, clock) }, clock.now);
  };
  /** The buttons count only under the `/bengkel` answer that offered them, and go once pressed. */
  const button: ButtonRoute<PeriodPress> = {
    parse: (data) => {
      const parsed = parseCallbackData(data);
      if (parsed?.action !== 'cancelAll' && parsed?.action !== 'keepAll') return undefined;
      return { ref: parsed.ref, decision: parsed.action === 'cancelAll' ? 'cancel' : 'keep' };
    },
    press: async ({ ref, decision }, { updateKey, chatId, messageId }) => {
      const message = await findHandoverMessage(db.kysely, chatId, messageId);
      if (!message?.refs.includes(ref)) return undefined;
      const at = now();
      const answer = await decideOutOfService(db, ref, decision, { now: at, timeZone });
      await enqueueHandoverKeyboard(db.kysely, { messageId, keyboard: { kind: 'none' } }, updateKey, at);
      return answer;
    },
  };
  return { commands: { '/bengkel': bengkel, '/siap': siap }, button };
}
