import type { FastifyInstance, FastifyReply } from 'fastify';
import { wholeMinutes } from '../../domain/admin/admin-limits';
import { cancelRefusalMessage } from '../../domain/booking/cancellation';
import { borrowerHandoverRequestSchema } from '../../domain/schemas/handover';
import { cancelTokenRequestSchema, cancelTokensRequestSchema } from '../../domain/schemas/own-booking';
import { messages } from '../../domain/text/messages';
import { findBookingByToken, findBookingsByTokens, type TokenOutcome } from '../bookings/cancel/token-lookup';
import { renderCalendar } from '../calendar/icalendar';
import type { AppContext } from '../context';
import { HttpError, parseOrThrow } from '../http/http-errors';
import { findShownBikeNameOfBooking } from '../motor/bike-names';
import { cancelByToken, handoverByToken, ownBookingByRef, ownBookingView, type StoredBooking, withNotice } from './service';

function tokenFailure(outcome: Exclude<TokenOutcome<unknown>, { kind: 'found' }>): HttpError {
  if (outcome.kind === 'unknown') return new HttpError(404, messages.cancelLinkInvalid);
  return new HttpError(429, messages.loginTooManyAttempts(wholeMinutes(outcome.retryAfterMs)), undefined, {
    'Retry-After': String(Math.ceil(outcome.retryAfterMs / 1000)),
  });
}

// The reminder a student's own calendar gives before the ride (issue 28).
const CALENDAR_ALARM_MINUTES = 30;

// Answers that follow from a cancel secret are never cached nor passed on as a referrer.
function keepPrivate(reply: FastifyReply): void {
  reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
}

// Students do not sign in: the cancel secret alone names the booking, so it is never logged or echoed.
export async function ownBookingRoutes(app: FastifyInstance, { config, db, now }: AppContext): Promise<void> {
  const { timeZone } = config;

  const ownBookingAt = (booking: StoredBooking, at: Date) =>
    ownBookingView(db.kysely, booking, { now: at, timeZone, graceMinutes: config.returnGraceMinutes });

  app.post('/api/bookings/cancel', async (request, reply) => {
    keepPrivate(reply);
    const { token } = parseOrThrow(cancelTokenRequestSchema, request.body);
    const at = now();
    const outcome = await cancelByToken(db, { token, ip: request.ip, now: at, timeZone });
    if (outcome.kind !== 'found') throw tokenFailure(outcome);
    if (outcome.value.kind === 'refused') throw new HttpError(409, cancelRefusalMessage(outcome.value.refusal));
    return { booking: await ownBookingAt(outcome.value.booking, at) };
  });

  // POSTs with the secret in the body: a URL would leave it in every access log on the way (0036).
  app.post('/api/bookings/by-token', async (request, reply) => {
    keepPrivate(reply);
    const { token } = parseOrThrow(cancelTokenRequestSchema, request.body);
    const at = now();
    const outcome = await findBookingByToken(db, { token, ip: request.ip, now: at, timeZone });
    if (outcome.kind !== 'found') throw tokenFailure(outcome);
    return { booking: await ownBookingAt(outcome.value, at) };
  });

  // The card's one request for every booking it shows (issue 28): a cancellation by someone else is seen at once.
  app.post('/api/bookings/by-tokens', async (request, reply) => {
    keepPrivate(reply);
    const { tokens } = parseOrThrow(cancelTokensRequestSchema, request.body);
    const at = now();
    const outcome = await findBookingsByTokens(db, { tokens, ip: request.ip, now: at, timeZone });
    if (outcome.kind !== 'found') throw tokenFailure(outcome);
    const bookings = [];
    for (const booking of outcome.value)
      bookings.push(booking && (await withNotice(db.kysely, booking, await ownBookingAt(booking, at), { now: at, timeZone })));
    return { bookings };
  });

  // A borrower's pickup or return (issue 24): the first record stands, the later press is told what it says.
  app.post('/api/bookings/handover', async (request, reply) => {
    keepPrivate(reply);
    const { token, ...handover } = parseOrThrow(borrowerHandoverRequestSchema, request.body);
    const at = now();
    const outcome = await handoverByToken(db, { token, ip: request.ip, now: at, timeZone }, handover, config.returnGraceMinutes);
    if (outcome.kind !== 'found') throw tokenFailure(outcome);
    const result = outcome.value;
    if (result.kind === 'invalid') throw new HttpError(400, messages.invalidBody, result.errors);
    if (result.kind === 'refused') throw new HttpError(409, result.message);
    const booking = await ownBookingByRef(db.kysely, result.booking.ref, { now: at, timeZone, graceMinutes: config.returnGraceMinutes });
    return result.kind === 'already' ? { booking, message: result.message } : { booking };
  });

  // The booking as a calendar file, made here so the browser loads no iCalendar code.
  app.post('/api/bookings/by-token/ics', async (request, reply) => {
    keepPrivate(reply);
    const { token } = parseOrThrow(cancelTokenRequestSchema, request.body);
    const outcome = await findBookingByToken(db, { token, ip: request.ip, now: now(), timeZone });
    if (outcome.kind !== 'found') throw tokenFailure(outcome);
    const booking = outcome.value;
    const location = await findShownBikeNameOfBooking(db.kysely, booking.id);
    const body = renderCalendar({
      name: messages.calendarEventSummary,
      timeZone,
      bookings: [
        {
          ...booking,
          summary: messages.calendarEventSummary,
          cancelled: booking.cancelledAt !== null,
          description: messages.calendarEventDescription(booking.name, booking.class),
          alarmMinutesBefore: CALENDAR_ALARM_MINUTES,
          ...(location !== undefined && { location }),
        },
      ],
    });
    return reply
      .type('text/calendar; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="pinjam-motor-${booking.date}.ics"`)
      .send(body);
  });
}
