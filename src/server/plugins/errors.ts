import type { FastifyError, FastifyInstance } from 'fastify';
import { messages } from '../../domain/messages';
import { HttpError } from '../http-errors';

/** Fastify's own client errors, said in Indonesian. */
const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: messages.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: messages.invalidBody },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: messages.invalidBody },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: messages.invalidBody },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: messages.invalidBody },
};

/** Every error answers JSON `{ message, errors? }`; only the unexpected ones are 5xx, and logged. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send({ message: known.message });
    // Body parsing errors (malformed JSON, a __proto__ key) carry a 4xx status of their own.
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: error.statusCode === 429 ? messages.tooManyRequests : messages.invalidBody });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ message: messages.unexpected });
  });
}
