import type { FastifyInstance } from 'fastify';
import { wholeMinutes } from '../../domain/admin/admin-limits';
import { deepLink } from '../../domain/chat/borrower-bot';
import { borrowerChatMessages } from '../../domain/chat/borrower-chat-messages';
import { deviceBookingRequestSchema, linkCodeRequestSchema } from '../../domain/schemas/borrower-chat';
import { messages } from '../../domain/text/messages';
import type { TokenOutcome } from '../bookings/cancel/token-lookup';
import type { AppContext } from '../context';
import { HttpError, parseOrThrow } from '../http/http-errors';
import { botUsernameSource } from './bot-username';
import { addDeviceBooking, createLinkCode } from './link';

function tokenFailure(outcome: Exclude<TokenOutcome<unknown>, { kind: 'found' }>): HttpError {
  if (outcome.kind === 'unknown') return new HttpError(404, messages.cancelLinkInvalid);
  return new HttpError(429, messages.loginTooManyAttempts(wholeMinutes(outcome.retryAfterMs)), undefined, {
    'Retry-After': String(Math.ceil(outcome.retryAfterMs / 1000)),
  });
}

// Bodies carry secrets (0036): nothing here is cached or passed on as a referrer.
export async function borrowerChatRoutes(app: FastifyInstance, { config, db, now }: AppContext): Promise<void> {
  const stopping = new AbortController();
  app.addHook('preClose', async () => stopping.abort());
  const botUsername = botUsernameSource(config.telegram, stopping.signal);

  app.post('/api/telegram/link', async (request, reply) => {
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
    const { deviceSecret, tokens } = parseOrThrow(linkCodeRequestSchema, request.body);
    const username = await botUsername();
    if (username === undefined) throw new HttpError(503, borrowerChatMessages.linkUnavailable);
    const outcome = await createLinkCode(db, { deviceSecret, tokens, ip: request.ip, now: now(), timeZone: config.timeZone });
    if (outcome.kind !== 'found') throw tokenFailure(outcome);
    return { url: deepLink(username, outcome.value) };
  });

  app.post('/api/telegram/device-bookings', async (request, reply) => {
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
    const { deviceSecret, token } = parseOrThrow(deviceBookingRequestSchema, request.body);
    const outcome = await addDeviceBooking(db, { deviceSecret, token, ip: request.ip, now: now(), timeZone: config.timeZone });
    if (outcome.kind !== 'found') throw tokenFailure(outcome);
    return { linked: outcome.value };
  });
}
