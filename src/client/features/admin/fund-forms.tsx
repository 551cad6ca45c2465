import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { adminMessages } from '../../../domain/admin/admin-messages';
import { EXPENSE_CATEGORIES, MAX_FUND_NOTE_LENGTH, PAYMENT_METHODS } from '../../../domain/fund/fund';
import { expenseRequestSchema, paymentRequestSchema } from '../../../domain/schemas/fund';
import { fieldErrorsFromZod } from '../../../domain/text/field-errors';
import { buttonStyles } from '../../components/button-styles';
import { recordExpense, recordPayment } from './api';
import { adminStyles } from './styles';

const labels = adminMessages.fund;

/** Digits, with or without the dots Indonesians group thousands with; anything else is not an amount. */
export function readAmount(text: string): number {
  const digits = text.replace(/[.\s]/g, '');
  return /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
}

type Field = 'member' | 'category' | 'method' | 'amount' | 'date' | 'note';
type Values = Partial<Record<Field, string>>;

interface FundFormProps {
  kind: 'payment' | 'expense';
  members: { ref: string; name: string; class: string; active: boolean }[];
  today: string;
  onSaved: (message: string) => void;
  signOut: () => void;
}

/** `Pembayaran` or `Pengeluaran`: checked here with the server's schema, then by the server (the date against its today). */
export function FundForm({ kind, members, today, onSaved, signOut }: FundFormProps) {
  const id = useId();
  const initial: Values =
    kind === 'payment'
      ? { member: '', method: PAYMENT_METHODS[0], amount: '', date: today, note: '' }
      : { category: EXPENSE_CATEGORIES[0], amount: '', date: today, note: '' };
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const body = { ...values, amount: readAmount(values.amount ?? '') };
    const parsed = kind === 'payment' ? paymentRequestSchema.safeParse(body) : expenseRequestSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setBusy(true);
    const result = 'member' in parsed.data ? await recordPayment(parsed.data) : await recordExpense(parsed.data);
    setBusy(false);
    if (result.ok) {
      setErrors({});
      setValues(initial);
      onSaved(kind === 'payment' ? labels.paymentSaved : labels.expenseSaved);
    } else if (result.status === 401) signOut();
    else setErrors(Object.keys(result.errors).length > 0 ? result.errors : { amount: result.message });
  }

  const described = (field: Field) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
  });
  const set = (field: Field) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value });
  const wrap = (field: Field, label: string, control: ReactNode) => (
    <div className="min-w-0">
      <label htmlFor={`${id}-${field}`} className={adminStyles.label}>
        {label}
      </label>
      {control}
      {errors[field] && (
        <p id={`${id}-${field}-error`} className={adminStyles.fieldError}>
          {errors[field]}
        </p>
      )}
    </div>
  );
  const select = (field: Field, options: { value: string; label: string }[]) => (
    <select id={`${id}-${field}`} value={values[field]} onChange={set(field)} className={adminStyles.input} {...described(field)}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
  const title = kind === 'payment' ? labels.payment : labels.expense;

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="flex min-w-0 flex-col gap-3 rounded-lg bg-white p-4 shadow"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {title}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        {kind === 'payment'
          ? wrap(
              'member',
              labels.member,
              select('member', [
                { value: '', label: labels.memberRequired },
                ...members
                  .filter((member) => member.active)
                  .map((member) => ({ value: member.ref, label: `${member.name} (${member.class})` })),
              ]),
            )
          : wrap(
              'category',
              labels.category,
              select(
                'category',
                EXPENSE_CATEGORIES.map((value) => ({ value, label: value })),
              ),
            )}
        {kind === 'payment' &&
          wrap(
            'method',
            labels.method,
            select(
              'method',
              PAYMENT_METHODS.map((value) => ({ value, label: value })),
            ),
          )}
        {wrap(
          'amount',
          labels.amount,
          <input
            id={`${id}-amount`}
            inputMode="numeric"
            value={values.amount}
            onChange={set('amount')}
            className={adminStyles.input}
            {...described('amount')}
          />,
        )}
        {wrap(
          'date',
          labels.date,
          <input
            id={`${id}-date`}
            type="date"
            max={today}
            value={values.date}
            onChange={set('date')}
            className={adminStyles.input}
            {...described('date')}
          />,
        )}
      </div>
      {wrap(
        'note',
        labels.note,
        <input
          id={`${id}-note`}
          maxLength={MAX_FUND_NOTE_LENGTH}
          value={values.note}
          onChange={set('note')}
          className={adminStyles.input}
          {...described('note')}
        />,
      )}
      <div>
        <button type="submit" disabled={busy} className={buttonStyles.primary}>
          {busy ? labels.saving : `${labels.save} ${title.toLowerCase()}`}
        </button>
      </div>
    </form>
  );
}
