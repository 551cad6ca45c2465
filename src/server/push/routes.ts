import type { FastifyInstance } from 'fastify';
import { wholeMinutes } from '../../domain/admin/admin-limits';
import { pushMessages } from '../../domain/push/push-messages';
import { pushSubscribeRequestSchema, pushUnsubscribeRequestSchema } from '../../domain/schemas/push';
import { messages } from '../../domain/text/messages';
import type { AppContext } from '../context';
import { HttpError, parseOrThrow } from '../http/http-errors';
import type { VapidKeys } from './keys';
import { subscribe, unsubscribe } from './service';

// Bodies carry the device secret and the cancel secrets (0043): nothing here is cached or passed on as a referrer.
export async function pushRoutes(app: FastifyInstance, { context, keys }: { context: AppContext; keys: () => Promise<VapidKeys> }) {
  const { config, db, now } = context;
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
  });

  app.get('/api/push/key', async () => ({ publicKey: (await keys()).publicKey }));

  app.post('/api/push/subscriptions', async (request, reply) => {
    const body = parseOrThrow(pushSubscribeRequestSchema, request.body);
    const outcome = await subscribe(db, { ...body, ip: request.ip, now: now(), timeZone: config.timeZone }, config.push.allowLoopback);
    if (outcome.kind === 'unsafe') throw new HttpError(400, pushMessages.endpointRefused, { endpoint: pushMessages.endpointRefused });
    if (outcome.kind === 'unknown') throw new HttpError(404, messages.cancelLinkInvalid);
    if (outcome.kind === 'rate-limited') {
      throw new HttpError(429, messages.loginTooManyAttempts(wholeMinutes(outcome.retryAfterMs)), undefined, {
        'Retry-After': String(Math.ceil(outcome.retryAfterMs / 1000)),
      });
    }
    return reply.status(201).send({ message: pushMessages.subscribed });
  });

  app.delete('/api/push/subscriptions', async (request, reply) => {
    const { deviceSecret, endpoint } = parseOrThrow(pushUnsubscribeRequestSchema, request.body);
    await unsubscribe(db, deviceSecret, endpoint);
    return reply.status(204).send();
  });
}
