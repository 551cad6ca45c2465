import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createWaitRequestSchema, offerPressRequestSchema, waitDeviceRequestSchema } from '../../domain/schemas/waiting-list';
import { messages } from '../../domain/text/messages';
import { waitingListMessages } from '../../domain/waiting-list/waiting-list-messages';
import { tooManyFromAddress } from '../address-limits/too-many';
import { findDevice } from '../chat/devices';
import { hashSecret } from '../chat/link';
import type { AppContext } from '../context';
import { HttpError, parseOrThrow } from '../http/http-errors';
import { type BookOffer, createWait, deviceWaits, pressOffer } from './service';

// Bodies carry the device secret (0043): nothing here is cached or passed on as a referrer.
export async function waitingListRoutes(app: FastifyInstance, { config, db, now }: AppContext): Promise<void> {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
  });

  app.post('/api/waits/device', async (request) => {
    const { deviceSecret } = parseOrThrow(waitDeviceRequestSchema, request.body);
    return deviceWaits(db, deviceSecret, now());
  });

  app.post('/api/waits', async (request, reply) => {
    const body = parseOrThrow(createWaitRequestSchema, request.body);
    const outcome = await createWait(
      db,
      { ...body, ip: request.ip },
      { now: now(), timeZone: config.timeZone, horizonDays: config.bookingHorizonDays },
    );
    if (outcome.kind === 'needsLink') return reply.status(409).send({ message: waitingListMessages.needsLink, needsLink: true });
    if (outcome.kind === 'rejected') return reply.status(422).send({ errors: outcome.errors });
    if (outcome.kind === 'limited') throw tooManyFromAddress(outcome.retryAfterMs);
    return reply.status(201).send({ wait: outcome.wait });
  });
}

const offerIdParam = z.object({ offerId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** A notification's `Ambil` / `Lewati` (0058): the same press as the chat's buttons, proved by the device's secret. */
export async function offerPressRoutes(app: FastifyInstance, { context, bookOffer }: { context: AppContext; bookOffer: BookOffer }) {
  const { config, db, now } = context;
  app.post('/api/waits/offers/:offerId', async (request, reply) => {
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
    const { offerId } = parseOrThrow(offerIdParam, request.params);
    const { deviceSecret, action } = parseOrThrow(offerPressRequestSchema, request.body);
    const deviceId = await findDevice(db.kysely, hashSecret(deviceSecret));
    const clock = { now: now(), timeZone: config.timeZone, graceMinutes: config.returnGraceMinutes };
    const answer = deviceId === undefined ? undefined : await pressOffer(db, bookOffer, { offerId, action, by: { deviceId } }, clock);
    if (answer === undefined) throw new HttpError(404, messages.cancelLinkInvalid);
    return { message: answer.text, ...answer.taken };
  });
}
