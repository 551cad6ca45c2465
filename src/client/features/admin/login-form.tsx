import { type FormEvent, useId, useState } from 'react';
import { loginRequestSchema } from '../../../domain/schemas/admin';
import { fieldErrorsFromZod } from '../../../domain/text/field-errors';
import { useNavigate } from '../../lib/navigation';
import { lastAdminTab, storeAdmin } from './admin-storage';
import { loginAdmin } from './api';

type Field = 'name' | 'code';

const inputClass = 'mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 aria-[invalid=true]:border-red-600';

export function LoginForm() {
  const navigate = useNavigate();
  const id = useId();
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<Partial<Record<Field, boolean>>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const parsed = loginRequestSchema.safeParse({ name, code });
    if (!parsed.success) {
      const errors = fieldErrorsFromZod(parsed.error);
      setFieldErrors(errors);
      setInvalid({ name: Boolean(errors.name), code: Boolean(errors.code) });
      return;
    }
    setFieldErrors({});
    setBusy(true);
    const result = await loginAdmin(parsed.data);
    setBusy(false);
    if (result.ok) {
      storeAdmin(result.data.admin);
      navigate(lastAdminTab('/generate'));
      return;
    }
    // A refused login is said under the form; the field at fault is only marked.
    if (result.status === 400) setFieldErrors(result.errors);
    else setMessage(result.message);
    setInvalid({ name: Boolean(result.errors.name), code: Boolean(result.errors.code) });
  }

  const describedBy = (field: Field) => [fieldErrors[field] ? `${id}-${field}-error` : '', message ? `${id}-message` : ''].join(' ').trim();

  return (
    <form onSubmit={submit} noValidate className="flex max-w-sm flex-col gap-4 rounded-lg bg-white p-6 shadow">
      <div>
        <label htmlFor={`${id}-name`} className="font-medium">
          Nama
        </label>
        <input
          id={`${id}-name`}
          name="name"
          autoComplete="username"
          value={name}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={invalid.name || undefined}
          aria-describedby={describedBy('name') || undefined}
          className={inputClass}
        />
        {fieldErrors.name && (
          <p id={`${id}-name-error`} className="mt-1 text-sm text-red-700">
            {fieldErrors.name}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-code`} className="font-medium">
          Kode Masuk
        </label>
        <input
          id={`${id}-code`}
          name="code"
          type="password"
          autoComplete="current-password"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={invalid.code || undefined}
          aria-describedby={describedBy('code') || undefined}
          className={inputClass}
        />
        {fieldErrors.code && (
          <p id={`${id}-code-error`} className="mt-1 text-sm text-red-700">
            {fieldErrors.code}
          </p>
        )}
      </div>
      <button
        type="submit"
        disabled={busy}
        className="min-h-11 rounded-md bg-blue-700 px-4 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
      >
        Masuk
      </button>
      <p id={`${id}-message`} role="alert" className="min-h-6 font-medium text-red-700">
        {message}
      </p>
    </form>
  );
}
