import { randomBytes } from 'node:crypto';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { OWNER_CODE_ALPHABET, OWNER_CODE_LENGTH } from '../../domain/chat/owner-bot';
import { bikeMessages } from '../../domain/motor/bike-messages';
import { bikeEditRequestSchema, bikeMoveRequestSchema, newBikeRequestSchema } from '../../domain/motor/bikes';
import { motorSettingsRequestSchema } from '../../domain/motor/key-place';
import { messages } from '../../domain/text/messages';
import { randomCode } from '../../domain/text/random-code';
import { adminSession } from '../admin/guard';
import type { AppContext } from '../context';
import { HttpError, parseOrThrow } from '../http/http-errors';
import { idempotentWrite } from '../http/idempotent-write';
import { botUsernameSource } from '../telegram/bot/username';
import {
  addBikeByAdmin,
  type BikeOutcome,
  editBikeByAdmin,
  listBikes,
  makeOwnerCode,
  moveBikeByAdmin,
  saveBikeKeyPlace,
} from './bikes-service';

const bikeParams = z.strictObject({ id: z.coerce.number().int().positive() });

function bikeIdOf(params: unknown): number {
  const parsed = bikeParams.safeParse(params);
  if (!parsed.success) throw new HttpError(404, bikeMessages.notFound);
  return parsed.data.id;
}

function answer(outcome: BikeOutcome) {
  if (outcome.kind === 'notFound') throw new HttpError(404, bikeMessages.notFound);
  if (outcome.kind === 'invalid') throw new HttpError(422, messages.invalidBody, outcome.errors);
  return { bike: outcome.bike };
}

/** The Motor tab's bikes (0060): `Tambah motor`, each bike's name, plate, `Aktif`, order, and key place. */
export function bikeAdminRoutes(app: FastifyInstance, { config, db, now }: AppContext, requireAdmin: preHandlerAsyncHookHandler): void {
  const stopping = new AbortController();
  app.addHook('preClose', async () => stopping.abort());
  const botUsername = botUsernameSource(config.telegram, stopping.signal);

  app.get('/api/admin/motors', { preHandler: requireAdmin }, async () => ({ bikes: await listBikes(db.kysely) }));

  app.post('/api/admin/motors', { preHandler: requireAdmin }, async (request, reply) => {
    const body = parseOrThrow(newBikeRequestSchema, request.body);
    const outcome = await addBikeByAdmin(db, adminSession(request).admin, body, now());
    return reply.status(201).send(answer(outcome));
  });

  app.put('/api/admin/motors/:id', { preHandler: requireAdmin }, async (request) => {
    const id = bikeIdOf(request.params);
    const body = parseOrThrow(bikeEditRequestSchema, request.body);
    return answer(await editBikeByAdmin(db, adminSession(request).admin, id, body, { now: now(), timeZone: config.timeZone }));
  });

  app.post('/api/admin/motors/:id/move', { preHandler: requireAdmin }, async (request) => {
    const id = bikeIdOf(request.params);
    const { direction } = parseOrThrow(bikeMoveRequestSchema, request.body);
    const bikes = await moveBikeByAdmin(db, id, direction);
    if (!bikes) throw new HttpError(404, bikeMessages.notFound);
    return { bikes };
  });

  app.put('/api/admin/motors/:id/key', { preHandler: requireAdmin }, async (request) => {
    const id = bikeIdOf(request.params);
    const body = parseOrThrow(motorSettingsRequestSchema, request.body);
    return answer(await saveBikeKeyPlace(db, adminSession(request).admin, id, body, now()));
  });

  // The code is a secret until used: never cached; its stored answer replays it only to a retry with the same key.
  app.post('/api/admin/motors/:id/owner-code', { preHandler: requireAdmin }, async (request, reply) => {
    const id = bikeIdOf(request.params);
    const bot = await botUsername();
    if (bot === undefined) throw new HttpError(503, bikeMessages.ownerCodeUnavailable);
    const at = now();
    const code = randomCode(OWNER_CODE_ALPHABET, OWNER_CODE_LENGTH, randomBytes);
    return idempotentWrite(db, request, reply, at, async (trx) => {
      const outcome = await makeOwnerCode(trx, adminSession(request).admin, id, code, at);
      if (outcome.kind === 'notFound') throw new HttpError(404, bikeMessages.notFound);
      if (outcome.kind === 'firstBike') throw new HttpError(409, bikeMessages.ownerCodeFirstBike);
      return { status: 200, body: { code, bot, expiresAt: outcome.expiresAt } };
    });
  });
}
