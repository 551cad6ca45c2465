import type { TelegramConfig } from '../config';

export type SendOutcome =
  | { kind: 'sent'; result: unknown }
  | { kind: 'retry'; error: string; retryAfterMs?: number }
  /** Making the call again would fail the same way. */
  | { kind: 'rejected'; error: string; status: number }
  | { kind: 'aborted' };

interface TelegramReply {
  ok?: boolean;
  result?: unknown;
  description?: string;
  parameters?: { retry_after?: number };
}

const MAX_ERROR_LENGTH = 300;

/** The token is in every Bot API URL: any text that might quote one goes through here before it is stored or logged. */
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

// Telegram refuses an edit that changes nothing, yet what it asked for holds.
const NOT_MODIFIED = 'message is not modified';

/** Never throws, and never returns the URL, which holds the token. */
export async function callTelegram(
  telegram: TelegramConfig,
  method: string,
  body: Record<string, unknown>,
  { timeoutMs, signal }: { timeoutMs: number; signal: AbortSignal },
): Promise<SendOutcome> {
  let status: number;
  let reply: TelegramReply;
  // Not AbortSignal.any with AbortSignal.timeout: on Node 20 nothing holds that timeout signal, and after a garbage collection a call
  // Telegram never answers was never given up, stalling the outbox. The timer holds this controller until it fires or is cleared.
  const call = new AbortController();
  const timer = setTimeout(() => call.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
  const stop = () => call.abort(signal.reason);
  if (signal.aborted) stop();
  else signal.addEventListener('abort', stop, { once: true });
  try {
    const response = await fetch(`${telegram.apiUrl}/bot${telegram.token}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: call.signal,
    });
    status = response.status;
    reply = parseReply(await response.text());
  } catch (error) {
    if (signal.aborted) return { kind: 'aborted' };
    if (error instanceof Error && error.name === 'TimeoutError') return { kind: 'retry', error: `no answer within ${timeoutMs} ms` };
    return { kind: 'retry', error: scrubToken(describeFailure(error), telegram.token) };
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', stop);
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
