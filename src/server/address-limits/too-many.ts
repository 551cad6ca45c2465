import { wholeMinutes } from '../../domain/admin/admin-limits';
import { messages } from '../../domain/text/messages';
import { HttpError } from '../http/http-errors';

/** 429 for an address over its limit: the minutes to wait in words, and in Retry-After. */
export function tooManyFromAddress(retryAfterMs: number): HttpError {
  return new HttpError(429, messages.loginTooManyAttempts(wholeMinutes(retryAfterMs)), undefined, {
    'Retry-After': String(Math.ceil(retryAfterMs / 1000)),
  });
}
