import type { TelegramBotConfig } from '../../src/server/config';
import type { NotifierOptions } from '../../src/server/telegram/outbox/worker';
import type { FakeTelegram } from './fake-telegram';
import { TEST_NOTIFIER, type TestClock } from './notify-app';
import { startTestApp, type TestApp } from './test-app';
import type { TestDatabase } from './test-db';

export type BotApp = TestApp & { logs: string[] };

/** The bot as tests run it: one-second long polls, and every background loop looking every 20 ms. */
export const TEST_BOT_CONFIG: TelegramBotConfig = {
  digestTime: undefined,
  reminderMinutes: 0,
  webhookUrl: undefined,
  pollTimeoutSeconds: 1,
  pollerLeaseSeconds: 30,
};

/**
 * The real app talking to `telegram` with the owner's bot on, on `clock`; its log lines are kept
 * in `logs`. Closed (and its own database dropped) by `cleanup()` of `botFixtures`. The end, late
 * and no-show questions only with `handoverQuestions`: other tests move their clocks past many ends.
 */
export async function startBotApp(
  telegram: FakeTelegram,
  clock: TestClock,
  {
    database,
    bot = {},
    handoverQuestions = false,
    notifier = {},
  }: { database?: TestDatabase; bot?: Partial<TelegramBotConfig>; handoverQuestions?: boolean; notifier?: Partial<NotifierOptions> } = {},
): Promise<BotApp> {
  const logs: string[] = [];
  const testApp = await startTestApp({
    now: clock.now,
    database,
    config: { telegram: telegram.telegram, telegramBot: { ...TEST_BOT_CONFIG, ...bot } },
    buildOptions: {
      notifier: { ...TEST_NOTIFIER, ...notifier },
      bot: { schedulerIntervalMs: 20, handoverQuestions, standbyIntervalMs: 20, errorBackoffMs: 20 },
      borrowerRoundIntervalMs: 20,
      logger: { level: 'info', stream: { write: (line: string) => logs.push(line) } },
    },
  });
  return { ...testApp, logs };
}
