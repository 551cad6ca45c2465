import type { TelegramConfig } from '../config';

export type SendOutcome =
  /** Done; `result` is Telegram's answer (the message sent, the updates, true). */
  | { kind: 'sent'; result: unknown }
  /** Worth another try: a network error, a timeout, a 5xx, or a 429 (with Telegram's wait). */
  | { kind: 'retry'; error: string; retryAfterMs?: number }
  /** Telegram refused this call (a 4xx other than 429): making it again would fail the same way. */
  | { kind: 'rejected'; error: string; status: number }
  /** The caller is stopping and abandoned the request. */
  | { kind: 'aborted' };

interface TelegramReply {
  ok?: boolean;
  result?: unknown;
  description?: string;
  parameters?: { retry_after?: number };
}

const MAX_ERROR_LENGTH = 300;

/**
 * The token is part of every Bot API URL, so any text that might quote a URL (an error, a
 * description) goes through here before it is stored or logged.
 */
export function scrubToken(text: string, token: string): string {
  const hidden = '<token>';
  return text.split(token).join(hidden).split(encodeURIComponent(token)).join(hidden).slice(0, MAX_ERROR_LENGTH);
}

function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // Node's fetch says only 'fetch failed'; the reason (ECONNREFUSED, ENOTFOUND, …) is in its cause.
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}

function parseReply(text: string): TelegramReply {
  try {
    const reply: unknown = JSON.parse(text);
    return typeof reply === 'object' && reply !== null ? (reply as TelegramReply) : {};
  } catch {
    return {};
  }
}

/**
 * An edit that would leave a message as it is: Telegram refuses it, yet what it asked for holds
 * (a second press on a button whose keyboard is already shown).
 */
const NOT_MODIFIED = 'message is not modified';

/**
 * One Bot API call with a JSON body, given up after `timeoutMs`. Never throws; never puts the URL
 * (which holds the token) into what it returns.
 */
export async function callTelegram(
  telegram: TelegramConfig,
  method: string,
  body: Record<string, unknown>,
  { timeoutMs, signal }: { timeoutMs: number; signal: AbortSignal },
): Promise<SendOutcome> {
  let status: number;
  let reply: TelegramReply;
  try {
    const response = await fetch(`${telegram.apiUrl}/bot${telegram.token}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
    });
    status = response.status;
    reply = parseReply(await response.text());
  } catch (error) {
    if (signal.aborted) return { kind: 'aborted' };
    if (error instanceof Error && error.name === 'TimeoutError') return { kind: 'retry', error: `no answer within ${timeoutMs} ms` };
    return { kind: 'retry', error: scrubToken(describeFailure(error), telegram.token) };
  }
  if (status >= 200 && status < 300 && reply.ok !== false) return { kind: 'sent', result: reply.result };
  if (status === 400 && reply.description?.includes(NOT_MODIFIED)) return { kind: 'sent', result: true };
  const error = scrubToken(`HTTP ${status}${reply.description ? `: ${reply.description}` : ''}`, telegram.token);
  if (status === 429) {
    const seconds = reply.parameters?.retry_after;
    return typeof seconds === 'number' && seconds >= 0 ? { kind: 'retry', error, retryAfterMs: seconds * 1000 } : { kind: 'retry', error };
  }
  if (status >= 500) return { kind: 'retry', error };
  return { kind: 'rejected', error, status };
}
