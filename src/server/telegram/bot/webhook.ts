import { timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { TelegramConfig } from '../../config';
import { callTelegram } from '../bot-api';

export const WEBHOOK_SECRET_HEADER = 'x-telegram-bot-api-secret-token';

function sameSecret(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Telegram's update route, refused until the app is ready (`secret()` undefined). Returns the updates being handled, for close to await.
 */
export function registerWebhookRoute(
  app: FastifyInstance,
  {
    url,
    secret,
    handle,
    log,
  }: { url: string; secret: () => string | undefined; handle: (update: unknown) => Promise<void>; log: FastifyBaseLogger },
): Set<Promise<void>> {
  const inFlight = new Set<Promise<void>>();
  app.post(
    new URL(url).pathname,
    {
      // Checked before the body is read: a caller without the secret learns nothing, not even a parse error.
      onRequest: async (request, reply) => {
        const expected = secret();
        if (expected === undefined || !sameSecret(request.headers[WEBHOOK_SECRET_HEADER], expected)) {
          return reply.status(401).send({ ok: false });
        }
      },
    },
    async (request, reply) => {
      // Answered before it is handled: Telegram waits for no work, and handling is idempotent.
      const work = handle(request.body)
        .catch((error: unknown) => log.error({ error: (error as Error).message }, 'Telegram update failed'))
        .finally(() => inFlight.delete(work));
      inFlight.add(work);
      return reply.status(200).send({ ok: true });
    },
  );
  return inFlight;
}

/** Tells Telegram where to post, until it agrees or the app stops. */
export async function setWebhook(
  telegram: TelegramConfig,
  {
    url,
    secret,
    errorBackoffMs,
    log,
    signal,
  }: { url: string; secret: string; errorBackoffMs: number; log: FastifyBaseLogger; signal: AbortSignal },
): Promise<void> {
  while (!signal.aborted) {
    const outcome = await callTelegram(
      telegram,
      'setWebhook',
      { url, secret_token: secret, allowed_updates: ['message', 'callback_query'] },
      { timeoutMs: 10_000, signal },
    );
    if (outcome.kind === 'sent') {
      log.info('Telegram webhook set');
      return;
    }
    if (outcome.kind === 'aborted') return;
    log.error({ error: outcome.error }, 'Telegram setWebhook failed, will retry');
    await sleep(errorBackoffMs, undefined, { signal }).catch(() => undefined);
  }
}
