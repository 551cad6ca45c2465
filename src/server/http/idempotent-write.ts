import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import type { Executor } from '../../db/executor';
import { messages } from '../../domain/text/messages';
import { HttpError } from './http-errors';
import { findStoredAnswer, insertStoredAnswerIfAbsent } from './idempotency-repository';

// The booking writer stores its answers in its own batched transactions (create-booking/service.ts).
export { deleteExpiredAnswers, findStoredAnswer, insertStoredAnswer, type StoredAnswer } from './idempotency-repository';

/** How long a key answers with its first answer; after that it may be used again. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** Printable ASCII, as RFC 9110 field values are; long enough for any UUID or ULID. */
const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

export function readIdempotencyKey(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) throw new HttpError(400, messages.invalidIdempotencyKey);
  return key;
}

export interface WriteAnswer {
  status: number;
  body: unknown;
}

class KeyTakenError extends Error {}

/** How a write's transaction is opened: a plain one by default, the booking lock's for a period (`withBookingLock`). */
export type OpenTransaction = (write: (trx: Executor) => Promise<WriteAnswer>) => Promise<WriteAnswer>;

/** Runs `write` in one transaction storing its 2xx answer under the route's `Idempotency-Key`; a throw stores nothing (0055). */
export async function idempotentWrite(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  now: Date,
  write: (trx: Executor) => Promise<WriteAnswer>,
): Promise<FastifyReply> {
  reply.header('Cache-Control', 'no-store');
  return send(reply, await idempotentAnswer(db, request, now, write));
}

/** `idempotentWrite`'s answer, first or replayed, for a route that finishes its work after the commit. */
export async function idempotentAnswer(
  db: Db,
  request: FastifyRequest,
  now: Date,
  write: (trx: Executor) => Promise<WriteAnswer>,
  open: OpenTransaction = (run) => db.kysely.transaction().execute(run),
): Promise<WriteAnswer> {
  const clientKey = readIdempotencyKey(request);
  if (clientKey === undefined) return open(write);
  const key = `${request.method} ${request.routeOptions.url}:${clientKey}`;
  const requestHash = createHash('sha256')
    .update(JSON.stringify(request.body ?? null))
    .digest('hex');
  const replay = async (executor: Executor) => {
    const stored = await findStoredAnswer(executor, key, now);
    if (!stored) return undefined;
    if (stored.requestHash !== requestHash) throw new HttpError(422, messages.idempotencyKeyReused);
    return { status: stored.status, body: stored.body };
  };
  const earlier = await replay(db.kysely);
  if (earlier) return earlier;
  try {
    return await open(async (trx) => {
      const again = await replay(trx);
      if (again) return again;
      const written = await write(trx);
      if (written.status < 200 || written.status >= 300) return written;
      const stored = { key, requestHash, ...written, now, expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS) };
      if (!(await insertStoredAnswerIfAbsent(trx, stored))) throw new KeyTakenError();
      return written;
    });
  } catch (error) {
    if (!(error instanceof KeyTakenError)) throw error;
    const first = await replay(db.kysely);
    if (!first) throw new Error(`the answer stored under ${key} vanished`);
    return first;
  }
}

function send(reply: FastifyReply, answer: WriteAnswer): FastifyReply {
  return reply.status(answer.status).send(answer.body);
}
