import { useCallback, useEffect } from 'react';
import type { Admin } from '../../../domain/schemas/admin';
import { useNavigate } from '../../lib/navigation';
import { useFetch } from '../../lib/use-fetch';
import { clearStoredAdmin, readStoredAdmin, storeAdmin } from './admin-storage';
import { fetchAdminSession } from './api';

export type AdminAccess = { state: 'checking' } | { state: 'allowed'; admin: Admin; timeZone: string } | { state: 'failed' };

/** Local storage must say admin, as in the spec, and the server confirm the session; else to /login, stale keys cleared. */
export function useAdminAccess(): { access: AdminAccess; retry: () => void; signOut: () => void } {
  const navigate = useNavigate();
  const storedAsAdmin = readStoredAdmin() !== undefined;
  const session = useFetch(storedAsAdmin ? 'session' : undefined, (_key, signal) => fetchAdminSession(signal));
  const confirmed = session.status === 'ready' ? session.data : undefined;
  const admin = confirmed?.admin;
  const unauthorized = session.status === 'failed' && session.failure.status === 401;

  const signOut = useCallback(() => {
    clearStoredAdmin();
    navigate('/login', { replace: true });
  }, [navigate]);

  useEffect(() => {
    if (!storedAsAdmin || unauthorized) signOut();
    else if (admin) storeAdmin(admin);
  }, [storedAsAdmin, unauthorized, admin, signOut]);

  const access: AdminAccess = confirmed
    ? { state: 'allowed', admin: confirmed.admin, timeZone: confirmed.timeZone }
    : session.status === 'failed' && !unauthorized
      ? { state: 'failed' }
      : { state: 'checking' };
  return { access, retry: session.retry, signOut };
}
