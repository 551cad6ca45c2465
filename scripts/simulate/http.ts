import { randomBytes } from 'node:crypto';

export interface Answer {
  /** 0: no answer (the connection failed or timed out). */
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: each caller reads the fields it expects of the app's answer.
  body: any;
  text: string;
  headers: Headers;
}

const REQUEST_TIMEOUT_MS = 10_000;

/** One request as a browser sends it: JSON, the site's Origin on writes, the admin's cookie when given. */
export async function send(
  baseUrl: string,
  path: string,
  init: { method?: string; body?: unknown; cookie?: string; idempotencyKey?: string } = {},
): Promise<Answer> {
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers.origin = baseUrl;
  if (init.cookie) headers.cookie = init.cookie;
  if (init.idempotencyKey) headers['idempotency-key'] = init.idempotencyKey;
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    const json = response.headers.get('content-type')?.includes('application/json') && text !== '';
    return { status: response.status, body: json ? JSON.parse(text) : text, text, headers: response.headers };
  } catch (error) {
    return { status: 0, body: { message: (error as Error).message }, text: '', headers: new Headers() };
  }
}

export const newKey = () => randomBytes(12).toString('base64url');

/** No answer, or one that says nothing was decided (503): the same request may be sent again. */
export const undecided = (answer: Answer) => answer.status === 0 || answer.status === 503;
