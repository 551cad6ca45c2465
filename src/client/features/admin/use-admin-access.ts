import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Admin } from '../../../domain/admin-schemas';
import { clearStoredAdmin, readStoredAdmin, storeAdmin } from './admin-storage';
import { fetchAdminSession } from './api';

export type AdminAccess = { state: 'checking' } | { state: 'allowed'; admin: Admin } | { state: 'failed' };

/**
 * Lets the page through only when local storage says admin (as the spec does) and the server
 * confirms the session; otherwise sends the visitor to /login, clearing stale keys.
 */
export function useAdminAccess(): { access: AdminAccess; retry: () => void; signOut: () => void } {
  const navigate = useNavigate();
  const [access, setAccess] = useState<AdminAccess>({ state: 'checking' });
  const [attempt, setAttempt] = useState(0);

  const signOut = useCallback(() => {
    clearStoredAdmin();
    navigate('/login', { replace: true });
  }, [navigate]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger.
  useEffect(() => {
    if (!readStoredAdmin()) {
      navigate('/login', { replace: true });
      return;
    }
    let current = true;
    setAccess({ state: 'checking' });
    fetchAdminSession().then((result) => {
      if (!current) return;
      if (result.ok) {
        storeAdmin(result.data.admin);
        setAccess({ state: 'allowed', admin: result.data.admin });
      } else if (result.status === 401) signOut();
      else setAccess({ state: 'failed' });
    });
    return () => {
      current = false;
    };
  }, [attempt, navigate, signOut]);

  return { access, retry: () => setAttempt((value) => value + 1), signOut };
}
