import type { FastifyInstance } from 'fastify';
import { borrowerChatMessages } from '../../domain/chat/borrower-chat-messages';
import { createWaitRequestSchema, waitDeviceRequestSchema } from '../../domain/schemas/waiting-list';
import { waitingListMessages } from '../../domain/waiting-list/waiting-list-messages';
import { tooManyFromAddress } from '../address-limits/too-many';
import type { AppContext } from '../context';
import { HttpError, parseOrThrow } from '../http/http-errors';
import { createWait, deviceWaits } from './service';

// Bodies carry the device secret (0043): nothing here is cached or passed on as a referrer.
export async function waitingListRoutes(app: FastifyInstance, { config, db, now }: AppContext): Promise<void> {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
  });

  app.post('/api/waits/device', async (request) => {
    const { deviceSecret } = parseOrThrow(waitDeviceRequestSchema, request.body);
    return deviceWaits(db, deviceSecret);
  });

  app.post('/api/waits', async (request, reply) => {
    const body = parseOrThrow(createWaitRequestSchema, request.body);
    if (!config.telegram) throw new HttpError(503, borrowerChatMessages.linkUnavailable);
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
