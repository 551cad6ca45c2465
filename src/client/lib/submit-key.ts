import { useMemo, useRef } from 'react';

function newSubmitKey(): string {
  // getRandomValues, unlike randomUUID, works on plain-HTTP pages too.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A form's `Idempotency-Key`: the same while a submit is sent again, a new one once it is saved. */
export function useSubmitKey() {
  const key = useRef<string | undefined>(undefined);
  return useMemo(
    () => ({
      current: (): string => {
        key.current ??= newSubmitKey();
        return key.current;
      },
      saved: (): void => {
        key.current = undefined;
      },
    }),
    [],
  );
}

export const idempotencyHeader = (key: string) => ({ 'Idempotency-Key': key });
