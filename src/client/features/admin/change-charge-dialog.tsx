import { type FormEvent, useEffect, useId, useState } from 'react';
import { adminMessages } from '../../../domain/admin/admin-messages';
import { type ChargeChangeRequest, chargeChangeRequestSchema, type FundEntry } from '../../../domain/schemas/fund';
import { fieldErrorsFromZod } from '../../../domain/text/field-errors';
import { messages } from '../../../domain/text/messages';
import { buttonStyles } from '../../components/button-styles';
import { Dialog } from '../../components/dialog';
import { AdminTextInput } from './admin-field';
import { changeCharge } from './api';
import { readAmount } from './fund-forms';

const labels = adminMessages.fund;

export function ChangeChargeDialog({
  entry,
  onClose,
  onSaved,
  signOut,
}: {
  entry: FundEntry | null;
  onClose: () => void;
  onSaved: (message: string) => void;
  signOut: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState({ amount: '', reason: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setValues({ amount: entry ? String(entry.charge?.amount ?? entry.owed) : '', reason: '' });
    setErrors({});
  }, [entry]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!entry?.ref || busy) return;
    const parsed = chargeChangeRequestSchema.safeParse({
      amount: readAmount(values.amount),
      reason: values.reason,
    } satisfies ChargeChangeRequest);
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setBusy(true);
    const result = await changeCharge(entry.ref, parsed.data);
    setBusy(false);
    if (result.ok) onSaved(result.data.message);
    else if (result.status === 401) signOut();
    else setErrors(Object.keys(result.errors).length > 0 ? result.errors : { reason: result.message });
  }

  const field = (name: 'amount' | 'reason', label: string) => (
    <AdminTextInput
      id={id}
      field={name}
      label={label}
      inputMode={name === 'amount' ? 'numeric' : undefined}
      value={values[name]}
      error={errors[name]}
      onValue={(value) => setValues({ ...values, [name]: value })}
    />
  );

  return (
    <Dialog open={entry !== null} title={labels.changeTitle} onClose={onClose}>
      {entry && (
        <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-4">
          <p>
            {entry.member?.name}, {entry.date}: {entry.detail}
          </p>
          {field('amount', labels.newAmount)}
          {field('reason', labels.reason)}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" onClick={onClose} className={buttonStyles.secondary}>
              {messages.cancel}
            </button>
            <button type="submit" disabled={busy} className={buttonStyles.primary}>
              {busy ? labels.saving : labels.save}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
