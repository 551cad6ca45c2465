import type { z } from 'zod';
import { messages } from '../../domain/messages';

/**
 * Why a call did not give what was asked. `status` is the answer's HTTP status, 0 when none came
 * (a network failure or an aborted call); a success whose body fails its schema keeps its status.
 */
export type ApiFailure = {
  ok: false;
  status: number;
  message: string;
  errors: Record<string, string>;
  /** One line per bad row, when the answer lists them (a refused roster import). */
  problems?: string[];
};
/**
 * `keptFrom`: the answer is the copy the service worker kept, given when the server could not be
 * reached (vite.config.ts), and this is when the server gave it.
 */
export type ApiResult<T> = { ok: true; data: T; keptFrom?: Date } | ApiFailure;

/**
 * A schema, or the import that yields it. The pages of the first load pass imports, so zod is
 * not in the entry script (it would take `/` over its size budget) and loads beside the request,
 * not after it: docs/decisions/0010-typed-http-client.md.
 */
export type SchemaSource<T> = z.ZodType<T> | Promise<z.ZodType<T>>;

const errorResponseSchema = () => import('../../domain/schemas/error-response').then((module) => module.errorResponseSchema);

const unexpected = (status: number): ApiFailure => ({ ok: false, status, message: messages.unexpected, errors: {} });

/** The header the service worker puts on an answer it took from its cache (vite.config.ts). */
const SERVED_FROM_CACHE = 'x-served-from-cache';

function keptFrom(response: Response): { keptFrom?: Date } {
  const servedAt = response.headers.get('date');
  return response.headers.get(SERVED_FROM_CACHE) === null || servedAt === null ? {} : { keptFrom: new Date(servedAt) };
}

/** Undefined when its chunk could not be loaded; never a rejection left unhandled by an early return. */
const settled = <S>(source: S | Promise<S>): Promise<S | undefined> => Promise.resolve(source).catch(() => undefined);

/**
 * Every API call goes through here: a success's body is parsed with the domain's response schema
 * (`z.undefined()` for a 204), an error's with the error schema. It never rejects.
 */
export async function callApi<T>(
  path: string,
  schema: SchemaSource<T>,
  init: { method?: 'GET' | 'POST' | 'PUT'; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  const successSchema = settled(schema);
  const errorSchema = settled(errorResponseSchema());
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      signal: init.signal,
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    body = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  } catch {
    // fetch rejects only when no answer came back at all: the phone has no connection.
    return { ok: false, status: 0, message: messages.noConnection, errors: {} };
  }
  // A schema whose chunk failed to load fails the call like a wrong answer would.
  if (response.ok) {
    const parsed = (await successSchema)?.safeParse(body);
    return parsed?.success ? { ok: true, data: parsed.data, ...keptFrom(response) } : unexpected(response.status);
  }
  const error = (await errorSchema)?.safeParse(body);
  if (!error?.success) return unexpected(response.status);
  const { message, errors, problems } = error.data;
  return {
    ok: false,
    status: response.status,
    message: message ?? messages.unexpected,
    errors: errors ?? {},
    ...(problems ? { problems } : {}),
  };
}
