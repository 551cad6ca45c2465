import { useCallback, useEffect, useState } from 'react';
import type { ApiResult } from '../../lib/http';

export type AdminList<T> = { state: 'loading' } | { state: 'failed' } | ({ state: 'loaded' } & T);

/** A 401 signs the page out instead of showing a failure. `fetchList` must be stable (a module-level API call). */
export function useAdminList<T extends object>(fetchList: () => Promise<ApiResult<T>>, signOut: () => void) {
  const [list, setList] = useState<AdminList<T>>({ state: 'loading' });
  const load = useCallback(async () => {
    const result = await fetchList();
    if (result.ok) setList({ state: 'loaded', ...result.data });
    else if (result.status === 401) signOut();
    else setList({ state: 'failed' });
  }, [fetchList, signOut]);
  useEffect(() => {
    void load();
  }, [load]);
  return { list, setList, load };
}
