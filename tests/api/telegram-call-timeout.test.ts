import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { callTelegram } from '../../src/server/telegram/bot-api';
import { type FakeTelegram, startFakeTelegram } from '../helpers/fake-telegram';
import { waitUntil } from '../helpers/wait-until';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

let telegram: FakeTelegram | undefined;
afterEach(async () => {
  await telegram?.close();
  telegram = undefined;
});

/** The call's outcome, or 'never' when it is still waiting after `guardMs`: a hang guard, not a timing. */
async function outcomeUnderGarbageCollection(call: () => Promise<unknown>, guardMs = 10_000): Promise<unknown> {
  const collecting = setInterval(collectGarbage, 5);
  let guard: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([call(), new Promise((resolve) => (guard = setTimeout(() => resolve('never'), guardMs)))]);
  } finally {
    clearInterval(collecting);
    clearTimeout(guard);
  }
}

describe('a Bot API call Telegram never answers', () => {
  it('is given up after its timeout even while garbage is collected, so the outbox and the bot go on', async () => {
    telegram = await startFakeTelegram();
    telegram.answer({ kind: 'hang' });
    const fake = telegram;
    for (let call = 0; call < 3; call++) {
      const outcome = await outcomeUnderGarbageCollection(() =>
        callTelegram(
          fake.telegram,
          'sendMessage',
          { chat_id: fake.telegram.chatId, text: 'x' },
          { timeoutMs: 300, signal: new AbortController().signal },
        ),
      );
      expect(outcome).toEqual({ kind: 'retry', error: 'no answer within 300 ms' });
    }
  });

  it('is left at once as aborted when the server stops, before or during the call', async () => {
    telegram = await startFakeTelegram();
    telegram.answer({ kind: 'hang' });
    const config = telegram.telegram;
    const message = { chat_id: config.chatId, text: 'x' };
    const stopped = new AbortController();
    stopped.abort();
    expect(await callTelegram(config, 'sendMessage', message, { timeoutMs: 60_000, signal: stopped.signal })).toEqual({ kind: 'aborted' });

    const stopping = new AbortController();
    const call = callTelegram(config, 'sendMessage', message, { timeoutMs: 60_000, signal: stopping.signal });
    const fake = telegram;
    await waitUntil('the call hanging at the fake', () => fake.hangingRequests() === 1);
    stopping.abort();
    expect(await call).toEqual({ kind: 'aborted' });
  });
});
