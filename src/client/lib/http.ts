/** A reply outside 2xx, so callers can tell it from a network failure if they need to. */
export class HttpStatusError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

/** GET a JSON body; rejects on a network failure, a non-2xx status or a body that is not JSON. */
export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(path, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new HttpStatusError(response.status);
  return (await response.json()) as T;
}

/** A GET answer, and when it is the copy the service worker kept because the server could not be reached, the time the server gave it. */
export interface KeptOrFresh<T> {
  data: T;
  keptFrom?: Date;
}

/** The header the service worker puts on an answer it took from its cache (vite.config.ts). */
const SERVED_FROM_CACHE = 'x-served-from-cache';

/** GET a JSON body as `getJson` does, telling a kept copy from the server's answer of now. */
export async function getJsonOrKept<T>(path: string, signal?: AbortSignal): Promise<KeptOrFresh<T>> {
  const response = await fetch(path, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new HttpStatusError(response.status);
  const data = (await response.json()) as T;
  const servedAt = response.headers.get('date');
  if (response.headers.get(SERVED_FROM_CACHE) === null || servedAt === null) return { data };
  return { data, keptFrom: new Date(servedAt) };
}

/** POST a JSON body; the reply's body is parsed when it is JSON, else undefined. Rejects only on a network failure. */
export async function postJson(path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const parsed: unknown = await response.json().catch(() => undefined);
  return { status: response.status, body: parsed };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
