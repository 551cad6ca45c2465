import { setTimeout as sleep } from 'node:timers/promises';

export interface Pacing {
  /** Waits until the next message may go to `chatId` (null: the owner's chat). */
  paced(chatId: string | null): Promise<void>;
  answered(chatId: string | null): void;
}

/**
 * Waits the overall gap, and for a borrower's chat the gap, since the last message was answered: counted from the answer, a slow request
 * never lets two arrive closer than the gap. Pacing is on the real clock: it is about Telegram's limits, not about the app's time.
 */
export function createPacing({ sendGapMs, chatGapMs }: { sendGapMs: number; chatGapMs: number }, signal: AbortSignal): Pacing {
  let lastSendMs = 0;
  const lastSendToChat = new Map<string, number>();

  // Node's timer takes its abort listener off when it fires: one added per send and never removed
  // would grow without end over a long-running process.
  function pause(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return sleep(ms, undefined, { signal }).catch(() => undefined);
  }

  return {
    paced: async (chatId) => {
      const since = (at: number | undefined, gap: number) => (at === undefined ? 0 : at + gap - Date.now());
      const chatWait = chatId === null ? 0 : since(lastSendToChat.get(chatId), chatGapMs);
      await pause(Math.max(since(lastSendMs, sendGapMs), chatWait));
    },
    answered: (chatId) => {
      lastSendMs = Date.now();
      if (chatId === null) return;
      lastSendToChat.set(chatId, lastSendMs);
      if (lastSendToChat.size > 1000) lastSendToChat.clear();
    },
  };
}
