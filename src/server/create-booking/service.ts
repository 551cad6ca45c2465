import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { BookingOutcome, BookingRequest } from '../../domain/booking/booking-request';
import { type BookingInput, checkRequired, type FieldErrors, hasErrors, needsStnk, voucherEnd } from '../../domain/booking/booking-rules';
import { looksLikeVoucherCode, normalizeVoucherCode } from '../../domain/booking/voucher-code';
import type { Purpose } from '../../domain/fund/charges';
import { bikeCandidates, namesBikes } from '../../domain/motor/bikes';
import type { CreatedBooking } from '../../domain/schemas/bookings';
import { messages } from '../../domain/text/messages';
import { localMomentIn } from '../../domain/time/clock';
import { addressLimitWaitMs, forgetOldAddressEvents, recordAddressEvent } from '../address-limits/service';
import { hashCancelToken } from '../bookings/cancel-token';
import { emit } from '../events/bus';
import {
  deleteExpiredAnswers,
  findStoredAnswer,
  IDEMPOTENCY_TTL_MS,
  insertStoredAnswer,
  type StoredAnswer,
} from '../http/idempotent-write';
import { findBikes } from '../motor/service';
import { findUserByName } from '../roster/service';
import { takeOffer } from '../waiting-list/holds';
import { BookingReads, type CheckContext, checkOnBike } from './bike-check';
import { consumeVoucher, insertBooking } from './repository';
import { BookingQueueFullError, BookingWriter } from './writer';

export { BookingSaveError } from './writer';

// Bounds how long the last booking of a batch waits.
const MAX_BATCH = 64;

export interface BookingLimits {
  horizonDays: number;
  /** 0: no limit. */
  bookingsPerHour: number;
  voucherGuessesPerHour: number;
  queueLimit: number;
  timeZone: string;
  returnGraceMinutes: number;
}

interface BookingJob extends BookingRequest {
  /** Made here when the client sent none: the writer's own retries must find a saved booking too. */
  key: string;
  requestHash: string;
}

export class BookingService {
  readonly #writer: BookingWriter<BookingJob, BookingOutcome>;

  constructor(db: Db, limits: BookingLimits, secret: string) {
    this.#writer = new BookingWriter<BookingJob, BookingOutcome>(db, {
      maxBatch: MAX_BATCH,
      queueLimit: limits.queueLimit,
      beforeBatch: async (trx, first) => {
        await deleteExpiredAnswers(trx, first.now);
        await forgetOldAddressEvents(trx, first.now);
      },
      run: (trx, job) => bookInTransaction(trx, job, limits, secret),
      findSaved: async (executor, job) => replayOf(await findStoredAnswer(executor, job.key, job.now), job, secret),
    });
  }

  get queue() {
    return { waiting: this.#writer.waiting, batches: this.#writer.stats };
  }

  /** Throws BookingSaveError when the database failed and the booking was not saved. */
  async create(request: BookingRequest): Promise<BookingOutcome> {
    const missing = checkRequired(request.input);
    if (hasErrors(missing)) return { kind: 'rejected', errors: missing };
    const job: BookingJob = { ...request, key: request.idempotencyKey ?? `server:${randomUUID()}`, requestHash: hashInput(request.input) };
    try {
      return await this.#writer.submit(job);
    } catch (error) {
      if (error instanceof BookingQueueFullError) return { kind: 'busy' };
      throw error;
    }
  }
}

function hashInput(input: BookingInput): string {
  const { name, date, start, end, reason, needStnk } = input;
  // A personal booking hashes as before the purpose existed, so keys saved then still replay.
  const purpose = input.purpose && input.purpose !== 'personal' ? [input.purpose] : [];
  // Likewise a booking on any bike: a chosen bike's key names it.
  const motor = input.motorId === undefined ? [] : [`motor:${input.motorId}`];
  return createHash('sha256')
    .update(JSON.stringify([name, date, start, end, reason, needStnk, ...purpose, ...motor]))
    .digest('hex');
}

/**
 * Derived, not stored, so a replayed answer hands out the same secret while the database keeps
 * only its hash; the instant keeps a key reused after it expired from deriving an earlier secret.
 */
function cancelTokenFor(secret: string, key: string, createdAt: string): string {
  return createHmac('sha256', secret).update(`cancel-token:${key}:${createdAt}`).digest().subarray(0, 16).toString('base64url');
}

function replayOf(stored: StoredAnswer | undefined, job: BookingJob, secret: string): BookingOutcome | undefined {
  if (!stored) return undefined;
  if (stored.requestHash !== job.requestHash) return { kind: 'key-reused' };
  const body = stored.body as Record<string, unknown>; // the stored answer of a created booking is always an object: { booking }
  return { kind: 'replayed', status: stored.status, body: { ...body, cancelToken: cancelTokenFor(secret, job.key, stored.createdAt) } };
}

async function limitedBy(trx: Executor, job: BookingJob, limits: BookingLimits): Promise<BookingOutcome | undefined> {
  const { ip, now } = job;
  if (limits.bookingsPerHour > 0) {
    const retryAfterMs = await addressLimitWaitMs(trx, { kind: 'booking', ip, now, maxPerHour: limits.bookingsPerHour });
    if (retryAfterMs > 0) return { kind: 'limited', retryAfterMs };
  }
  if (looksLikeVoucherCode(job.input.reason)) {
    const retryAfterMs = await addressLimitWaitMs(trx, { kind: 'voucher-guess', ip, now, maxPerHour: limits.voucherGuessesPerHour });
    if (retryAfterMs > 0) return { kind: 'limited', retryAfterMs };
  }
  return undefined;
}

/**
 * `trx` holds the booking lock. A refusal writes nothing but an unknown voucher code's guess; a
 * saved booking's answer is stored under its key in the same commit, so a retry never books twice.
 */
async function bookInTransaction(trx: Executor, job: BookingJob, limits: BookingLimits, secret: string): Promise<BookingOutcome> {
  const replay = replayOf(await findStoredAnswer(trx, job.key, job.now), job, secret);
  if (replay) return replay;
  const limited = await limitedBy(trx, job, limits);
  if (limited) return limited;

  const { input, now } = job;
  const user = await findUserByName(trx, input.name);
  if (!user) return { kind: 'rejected', errors: { name: messages.nameNotFound } };
  const purpose = input.purpose ?? 'personal';
  if (purpose === 'committee' && !user.committee) return { kind: 'rejected', errors: { purpose: messages.fund.committeeOnly } };
  const bikes = await findBikes(trx);
  const choice = bikeCandidates(bikes, input.motorId);
  if (choice.kind === 'refused') return { kind: 'rejected', errors: { motorId: choice.error } };

  const voucherCode = looksLikeVoucherCode(input.reason) ? normalizeVoucherCode(input.reason) : null;
  const reads = new BookingReads(trx, input, voucherCode);
  const context: CheckContext = {
    today: job.today,
    now,
    nowMoment: localMomentIn(limits.timeZone, now),
    horizonDays: limits.horizonDays,
    timeZone: limits.timeZone,
    returnGraceMinutes: limits.returnGraceMinutes,
    offerId: job.offerId,
    user,
    committee: purpose === 'committee',
  };
  // Before the voucher is spent: a refusal here must write nothing. The chosen (or first) bike's refusal is the answer (0060).
  let refusal: FieldErrors | undefined;
  for (const bike of choice.bikes) {
    const errors = await checkOnBike(reads, bike.id, context);
    if (!hasErrors(errors)) {
      const motor = namesBikes(bikes) ? { id: bike.id, name: bike.name } : undefined;
      return saveBooking(trx, { job, limits, secret, user, purpose, voucherCode, motorbikeId: bike.id, motor });
    }
    refusal ??= errors;
  }
  if (reads.guessedVoucher) await recordAddressEvent(trx, 'voucher-guess', job.ip, now);
  return { kind: 'rejected', errors: refusal ?? {} };
}

interface Saving {
  job: BookingJob;
  limits: BookingLimits;
  secret: string;
  user: { id: string; name: string; class: string };
  purpose: Purpose;
  voucherCode: string | null;
  motorbikeId: number;
  motor: { id: number; name: string } | undefined;
}

async function saveBooking(trx: Executor, saving: Saving): Promise<BookingOutcome> {
  const { job, limits, user, voucherCode, purpose } = saving;
  const { input, now } = job;
  if (voucherCode !== null) await consumeVoucher(trx, voucherCode);
  const span = voucherCode === null ? { end: input.end, endDate: input.date } : voucherEnd(input.date, input.start);
  const reason = input.reason.trim();
  const needStnk = needsStnk(input.needStnk);
  const details = { date: input.date, start: input.start, ...span, reason, needStnk, voucherCode, purpose };
  const cancelToken = cancelTokenFor(saving.secret, job.key, now.toISOString());
  const { id, ref } = await insertBooking(trx, {
    usersId: user.id,
    ...details,
    motorbikeId: saving.motorbikeId,
    createdAt: now.toISOString(),
    cancelTokenHash: hashCancelToken(cancelToken),
  });
  if (job.offerId !== undefined) await takeOffer(trx, job.offerId, id, now);
  await emit(trx, { type: 'bookingCreated', booking: { id, ref, name: user.name, class: user.class, ...details }, at: now });
  if (limits.bookingsPerHour > 0) await recordAddressEvent(trx, 'booking', job.ip, now);
  const booking: CreatedBooking = {
    name: user.name,
    class: user.class,
    date: input.date,
    start: input.start,
    ...span,
    reason,
    needStnk,
    usedVoucher: voucherCode !== null,
    ...(saving.motor && { motor: saving.motor }),
  };
  await insertStoredAnswer(trx, {
    key: job.key,
    requestHash: job.requestHash,
    status: 201,
    body: { booking },
    now,
    expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
  });
  return { kind: 'created', booking, cancelToken };
}
