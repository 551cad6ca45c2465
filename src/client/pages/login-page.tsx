import { PageHeading } from '../components/page-heading';
import { LoginForm } from '../features/admin/login-form';

export function LoginPage() {
  return (
    <section aria-labelledby="login-title" className="flex flex-col gap-4">
      <PageHeading id="login-title">Masuk Admin</PageHeading>
      <p className="text-slate-700">Khusus admin: masuk dengan nama dan Kode Masuk kamu untuk membuat voucher.</p>
      <LoginForm />
    </section>
  );
}
