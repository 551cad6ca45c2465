import type { z } from 'zod';
import { messages } from '../../domain/text/messages';

export type ApiFailure = {
  ok: false;
  status: number;
  message: string;
  errors: Record<string, string>;
  problems?: string[];
};
/** `keptFrom`: the server was unreachable and the service worker answered with its copy, given by the server then (vite.config.ts). */
export type ApiResult<T> = { ok: true; data: T; keptFrom?: Date } | ApiFailure;

/** First-load pages pass an import: zod stays out of the entry (size budget) and loads beside the request (docs/decisions/0010). */
export type SchemaSource<T> = z.ZodType<T> | Promise<z.ZodType<T>>;

const errorResponseSchema = () => import('../../domain/schemas/error-response').then((module) => module.errorResponseSchema);

const unexpected = (status: number): ApiFailure => ({ ok: false, status, message: messages.unexpected, errors: {} });

const SERVED_FROM_CACHE = 'x-served-from-cache';

function keptFrom(response: Response): { keptFrom?: Date } {
  const servedAt = response.headers.get('date');
  return response.headers.get(SERVED_FROM_CACHE) === null || servedAt === null ? {} : { keptFrom: new Date(servedAt) };
}

// Undefined when its chunk could not be loaded; never a rejection left unhandled by an early return.
const settled = <S>(source: S | Promise<S>): Promise<S | undefined> => Promise.resolve(source).catch(() => undefined);

/** Never rejects: no answer at all is status 0; a success whose body fails its schema keeps its status. */
export async function callApi<T>(
  path: string,
  schema: SchemaSource<T>,
  init: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> } = {},
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
    return { ok: false, status: 0, message: messages.noConnection, errors: {} };
  }
  if (response.ok) {
    const parsed = (await successSchema)?.safeParse(body);
    return parsed?.success ? { ok: true, data: parsed.data, ...keptFrom(response) } : unexpected(response.status);
  }
  return failureOf(response.status, body, await errorSchema);
}

type ErrorSchema = Awaited<ReturnType<typeof errorResponseSchema>>;

function failureOf(status: number, body: unknown, errorSchema: ErrorSchema | undefined): ApiFailure {
  const error = errorSchema?.safeParse(body);
  if (!error?.success) return unexpected(status);
  const { message, errors, problems } = error.data;
  return {
    ok: false,
    status,
    message: message ?? messages.unexpected,
    errors: errors ?? {},
    ...(problems ? { problems } : {}),
  };
}

/** The name in `Content-Disposition: attachment; filename="…"`, as the server gave it. */
export function attachmentFileName(header: string | null): string | undefined {
  return header?.match(/filename="([^"]+)"/)?.[1];
}

/** A file answered to a POST: what names it stays in the body, out of every URL. Never rejects, like callApi. */
export async function postForFile(path: string, body: unknown): Promise<{ ok: true; file: Blob; name: string | undefined } | ApiFailure> {
  const errorSchema = settled(errorResponseSchema());
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.ok)
      return { ok: true, file: await response.blob(), name: attachmentFileName(response.headers.get('content-disposition')) };
  } catch {
    return { ok: false, status: 0, message: messages.noConnection, errors: {} };
  }
  return failureOf(response.status, await response.json().catch(() => undefined), await errorSchema);
}
