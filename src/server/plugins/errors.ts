import { STATUS_CODES } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../../domain/text/messages';
import { findStorageFault, STORAGE_RETRY_AFTER_SECONDS, type StorageHealth } from '../health/storage-health';
import { HttpError } from '../http/http-errors';

const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: messages.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: messages.invalidBody },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: messages.invalidBody },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: messages.invalidBody },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: messages.invalidBody },
};

export function registerErrorHandler(app: FastifyInstance, health: StorageHealth): void {
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
    const fault = findStorageFault(error);
    if (fault) {
      health.report(fault, error, request.log);
      const schedule = request.method === 'GET' && request.routeOptions.url === '/api/bookings';
      reply.header('Retry-After', String(STORAGE_RETRY_AFTER_SECONDS));
      return reply.status(503).send({ message: schedule ? messages.scheduleUnavailable : messages.storageTrouble });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ message: messages.unexpected });
  });
}

/** Errors Fastify answers before any route or hook runs (a broken URL like `/api/%ZZ`). */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(400).send({ message: messages.invalidUrl });
    return;
  }
  request.log.error({ err: error }, 'unexpected framework error');
  void reply.status(500).send({ message: messages.unexpected });
}

function clientErrorAnswer(code: string | undefined): { status: number; message: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: messages.requestTimeout };
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: messages.bodyTooLarge };
  return { status: 400, message: messages.invalidBody };
}

/** Errors of the connection itself (a timeout, headers too large), which no route sees; Fastify would answer in English. */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const { status, message } = clientErrorAnswer(error.code);
    const body = JSON.stringify({ message });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** While the server closes, a request that still reaches it (a kept-alive connection) is told so in Indonesian, not by Fastify in English. */
const CLOSING_KEEP_ALIVE_MS = 1_000;

const closings = new WeakMap<FastifyInstance, { now: boolean; begin(): void }>();

export function registerClosingAnswer(app: FastifyInstance): void {
  const closing = {
    now: false,
    begin: () => {
      closing.now = true;
      // A connection idle now is let go soon, but not at once: a client may be sending on it this very
      // moment, and cutting it would reset that request (faults3-shutdown saw it under load).
      app.server.keepAliveTimeout = CLOSING_KEEP_ALIVE_MS;
    },
  };
  closings.set(app, closing);
  app.addHook('preClose', (done) => {
    closing.begin();
    done();
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing.now) return done();
    reply.header('Connection', 'close').header('Retry-After', '5').status(503).send({ message: messages.serverClosing });
  });
}

export function closingOf(app: FastifyInstance): { readonly now: boolean } {
  const closing = closings.get(app);
  if (!closing) throw new Error('registerClosingAnswer must come first');
  return closing;
}

/** Before `app.close()` resets a connection with a request on its way: stops listening, lets each answer its last within `deadlineMs`. */
export async function drainConnections(app: FastifyInstance, deadlineMs: number): Promise<void> {
  closings.get(app)?.begin();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    new Promise<void>((resolve) => NetServer.prototype.close.call(app.server, () => resolve())),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, deadlineMs);
    }),
  ]);
  clearTimeout(timer);
}
