import { type FormEvent, useId, useState } from 'react';
import { adminMessages } from '../../../domain/admin/admin-messages';
import { type HowToPayRequest, howToPayRequestSchema } from '../../../domain/schemas/fund';
import { fieldErrorsFromZod } from '../../../domain/text/field-errors';
import { buttonStyles } from '../../components/button-styles';
import { AdminTextInput } from './admin-field';
import { removeQris, saveHowToPay, uploadQris } from './api';
import { adminStyles } from './styles';

const labels = adminMessages.fund;

/** `Cara bayar`: the treasurer's name and the number students pay to, shown under every charge they see. */
export function HowToPayForm({
  current,
  onSaved,
  signOut,
}: {
  current: (HowToPayRequest & { qris: boolean }) | null;
  onSaved: (message: string) => void;
  signOut: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState<HowToPayRequest>({ treasurer: current?.treasurer ?? '', account: current?.account ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = howToPayRequestSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setBusy(true);
    const result = await saveHowToPay(parsed.data);
    setBusy(false);
    if (result.ok) {
      setErrors({});
      onSaved(result.data.message);
    } else if (result.status === 401) signOut();
    else setErrors(Object.keys(result.errors).length > 0 ? result.errors : { account: result.message });
  }

  const field = (name: keyof HowToPayRequest, label: string) => (
    <AdminTextInput
      id={id}
      field={name}
      label={label}
      value={values[name]}
      error={errors[name]}
      onValue={(value) => setValues({ ...values, [name]: value })}
    />
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="flex min-w-0 flex-col gap-3 rounded-lg bg-white p-4 shadow"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {labels.howToPay}
      </h2>
      <p className="text-slate-700">{labels.howToPayIntro}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        {field('treasurer', labels.treasurer)}
        {field('account', labels.account)}
      </div>
      <div>
        <button type="submit" disabled={busy} className={buttonStyles.primary}>
          {busy ? labels.saving : `${labels.save} ${labels.howToPay.toLowerCase()}`}
        </button>
      </div>
      {current && <QrisField present={current.qris} onSaved={onSaved} signOut={signOut} />}
    </form>
  );
}

/** The file as base64, as the upload's JSON carries it. */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** The optional QRIS picture: sent as chosen, shrunk and stripped by the server. */
function QrisField({ present, onSaved, signOut }: { present: boolean; onSaved: (message: string) => void; signOut: () => void }) {
  const id = useId();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function send(action: () => ReturnType<typeof removeQris>) {
    setBusy(true);
    const result = await action();
    setBusy(false);
    if (result.ok) {
      setError('');
      onSaved(result.data.message);
    } else if (result.status === 401) signOut();
    else setError(result.errors.image ?? result.message);
  }

  return (
    <div className="flex min-w-0 flex-col items-start gap-2">
      <label htmlFor={`${id}-qris`} className={adminStyles.label}>
        {labels.qris}
      </label>
      <p id={`${id}-qris-hint`} className="text-sm text-slate-700">
        {labels.qrisHint}
      </p>
      {present && <img src="/api/kas/qris.png" alt={labels.qrisAlt} className="size-32" />}
      <input
        id={`${id}-qris`}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        disabled={busy}
        aria-describedby={error ? `${id}-qris-hint ${id}-qris-error` : `${id}-qris-hint`}
        aria-invalid={error ? true : undefined}
        onChange={async (event) => {
          const file = event.target.files?.[0];
          if (file) await send(async () => uploadQris(await readBase64(file)));
        }}
        className="max-w-full"
      />
      {error && (
        <p id={`${id}-qris-error`} className={adminStyles.fieldError}>
          {error}
        </p>
      )}
      {present && (
        <button type="button" disabled={busy} onClick={() => send(removeQris)} className={adminStyles.dangerButton}>
          {labels.qrisRemove}
        </button>
      )}
    </div>
  );
}
