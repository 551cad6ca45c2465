import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import webpush from 'web-push';
import type { PushMessage, PushUrgency } from '../../domain/schemas/push';
import type { VapidKeys } from './keys';
import type { StoredSubscription } from './repository';
import { safeLookup } from './safe-endpoint';

export type PushOutcome =
  | { kind: 'sent' }
  /** 404 or 410: the browser dropped the subscription. */
  | { kind: 'gone'; error: string }
  | { kind: 'retry'; error: string; retryAfterMs?: number }
  | { kind: 'rejected'; error: string }
  | { kind: 'aborted' };

export interface PushSendOptions {
  keys: VapidKeys;
  ttlSeconds: number;
  urgency: PushUrgency;
  timeoutMs: number;
  signal: AbortSignal;
  allowLoopback: boolean;
}

/** `Retry-After` in seconds or as an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now: number): number | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function outcomeOf(status: number, retryAfter: string | undefined): PushOutcome {
  const error = `HTTP ${status}`;
  if (status >= 200 && status < 300) return { kind: 'sent' };
  if (status === 404 || status === 410) return { kind: 'gone', error };
  if (status === 429 || status >= 500) {
    const wait = retryAfterMs(retryAfter, Date.now());
    return wait === undefined ? { kind: 'retry', error } : { kind: 'retry', error, retryAfterMs: wait };
  }
  return { kind: 'rejected', error };
}

/** web-push encrypts (aes128gcm) and signs (VAPID); the post is ours, so its addresses are checked again and it can be cut. Never throws. */
export function sendPush(subscription: StoredSubscription, message: PushMessage, options: PushSendOptions): Promise<PushOutcome> {
  const { keys, ttlSeconds, urgency, timeoutMs, signal, allowLoopback } = options;
  const details = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(message),
    { vapidDetails: keys, TTL: ttlSeconds, urgency, contentEncoding: 'aes128gcm' },
  );
  const url = new URL(details.endpoint);
  const request = url.protocol === 'http:' ? httpRequest : httpsRequest;
  return new Promise((resolve) => {
    if (signal.aborted) return resolve({ kind: 'aborted' });
    const post = request(
      url,
      { method: 'POST', headers: details.headers, lookup: safeLookup(allowLoopback), timeout: timeoutMs, signal },
      (response) => {
        response.resume();
        response.on('end', () => resolve(outcomeOf(response.statusCode ?? 0, response.headers['retry-after'])));
        response.on('error', (error) => resolve({ kind: 'retry', error: error.message }));
      },
    );
    post.on('timeout', () => post.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    post.on('error', (error) => resolve(signal.aborted ? { kind: 'aborted' } : { kind: 'retry', error: error.message.slice(0, 300) }));
    post.end(details.body);
  });
}
