import { useCallback, useEffect, useState } from 'react';
import type { ApiFailure, ApiResult } from './http';

export type FetchState<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'failed'; failure: ApiFailure }
  | { status: 'ready'; data: T };

type Stored<T> = { key: string | undefined; state: FetchState<T> };

/** Drops the answer of a request a newer one replaced, so a slow reply for one day never shows under another. */
export function useFetch<T>(
  key: string | undefined,
  load: (key: string, signal: AbortSignal) => Promise<ApiResult<T>>,
): FetchState<T> & { retry: () => void } {
  const [stored, setStored] = useState<Stored<T>>({ key: undefined, state: { status: 'idle' } });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((value) => value + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` only triggers a new request; `load` is a module function
  useEffect(() => {
    if (key === undefined) return;
    const controller = new AbortController();
    setStored({ key, state: { status: 'loading' } });
    load(key, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      setStored({ key, state: result.ok ? { status: 'ready', data: result.data } : { status: 'failed', failure: result } });
    });
    return () => controller.abort();
  }, [key, attempt]);

  if (key === undefined) return { status: 'idle', retry };
  // Until the effect runs for a new key, what is stored belongs to the previous one.
  if (stored.key !== key) return { status: 'loading', retry };
  return { ...stored.state, retry };
}
