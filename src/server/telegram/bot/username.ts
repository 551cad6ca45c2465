import type { TelegramConfig } from '../../config';
import { callTelegram } from '../bot-api';

/** The bot's username from getMe, asked once per process and kept once it answers. */
export function botUsernameSource(telegram: TelegramConfig | undefined, signal: AbortSignal): () => Promise<string | undefined> {
  let username: string | undefined;
  return async () => {
    if (username !== undefined || telegram === undefined) return username;
    const outcome = await callTelegram(telegram, 'getMe', {}, { timeoutMs: 5000, signal });
    if (outcome.kind !== 'sent') return undefined;
    const found = (outcome.result as { username?: unknown } | null)?.username;
    if (typeof found === 'string' && /^[A-Za-z0-9_]{5,32}$/.test(found)) username = found;
    return username;
  };
}
