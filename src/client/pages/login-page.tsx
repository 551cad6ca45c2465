import { useEffect } from 'react';
import { clientRoutes } from '../../domain/booking/client-routes';
import { PageHeading } from '../components/page-heading';
import { lastAdminTab, readStoredAdmin, storeAdmin } from '../features/admin/admin-storage';
import { fetchAdminSession } from '../features/admin/api';
import { LoginForm } from '../features/admin/login-form';
import { useNavigate } from '../lib/navigation';

export function LoginPage() {
  const navigate = useNavigate();

  // Only a browser that stored an admin asks for the session: for anyone else the browser would log the 401 as an error.
  useEffect(() => {
    if (!readStoredAdmin()) return;
    const controller = new AbortController();
    fetchAdminSession(controller.signal).then((result) => {
      if (controller.signal.aborted || !result.ok) return;
      storeAdmin(result.data.admin);
      navigate(lastAdminTab(clientRoutes.generate), { replace: true });
    });
    return () => controller.abort();
  }, [navigate]);

  return (
    <section aria-labelledby="login-title" className="flex flex-col gap-4">
      <PageHeading id="login-title">Masuk Admin</PageHeading>
      <p className="text-slate-700">Khusus admin: masuk dengan nama dan Kode Masuk kamu untuk membuat voucher.</p>
      <LoginForm />
    </section>
  );
}
