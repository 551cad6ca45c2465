import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { storeAdmin } from '../features/admin/admin-storage';
import { fetchAdminSession } from '../features/admin/api';
import { LoginForm } from '../features/admin/login-form';

export function LoginPage() {
  const navigate = useNavigate();

  // An admin whose session is still open has nothing to do here: on to the landing page.
  useEffect(() => {
    let current = true;
    fetchAdminSession().then((result) => {
      if (!current || !result.ok) return;
      storeAdmin(result.data.admin);
      navigate('/generate', { replace: true });
    });
    return () => {
      current = false;
    };
  }, [navigate]);

  return (
    <section aria-labelledby="login-title" className="flex flex-col gap-4">
      <h1 id="login-title" className="text-2xl font-bold">
        Masuk Admin
      </h1>
      <p className="text-slate-700">Khusus admin: masuk dengan nama dan Kode Masuk kamu untuk membuat voucher.</p>
      <LoginForm />
    </section>
  );
}
