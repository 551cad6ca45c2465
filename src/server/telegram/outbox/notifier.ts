import type { FastifyInstance } from 'fastify';
import type { TelegramConfig } from '../../config';
import type { AppContext } from '../../context';
import { type ChatBlockedHook, DEFAULT_NOTIFIER_OPTIONS, type NotifierOptions, type OutboxWorker, startOutboxWorker } from './worker';

/** From ready, so every built app (tests' too) sends, until it stops before the database closes. */
export function registerNotifier(
  app: FastifyInstance,
  context: AppContext,
  telegram: TelegramConfig,
  { options = {}, onChatBlocked }: { options?: Partial<NotifierOptions>; onChatBlocked: ChatBlockedHook },
): void {
  let worker: OutboxWorker | undefined;
  app.addHook('onReady', async () => {
    worker = startOutboxWorker({
      db: context.db,
      now: context.now,
      telegram,
      log: app.log.child({ module: 'notify' }),
      options: { ...DEFAULT_NOTIFIER_OPTIONS, ...options },
      onChatBlocked,
    });
  });
  app.addHook('preClose', async () => {
    await worker?.stop();
  });
}
