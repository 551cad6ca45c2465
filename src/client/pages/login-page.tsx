import { LoginForm } from '../features/admin/login-form';

export function LoginPage() {
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
