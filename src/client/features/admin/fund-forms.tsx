import { type FormEvent, useId, useState } from 'react';
import { adminMessages } from '../../../domain/admin/admin-messages';
import { EXPENSE_CATEGORIES, MAX_FUND_NOTE_LENGTH, PAYMENT_METHODS } from '../../../domain/fund/fund';
import { INCOME_KINDS } from '../../../domain/fund/ledger';
import { expenseRequestSchema, paymentRequestSchema } from '../../../domain/schemas/fund';
import { fieldErrorsFromZod } from '../../../domain/text/field-errors';
import { buttonStyles } from '../../components/button-styles';
import { useSubmitKey } from '../../lib/submit-key';
import { AdminField, describedBy } from './admin-field';
import { recordExpense, recordPayment } from './api';
import { adminStyles } from './styles';

const labels = adminMessages.fund;

/** Digits, with or without the dots Indonesians group thousands with; anything else is not an amount. */
export function readAmount(text: string): number {
  const digits = text.replace(/[.\s]/g, '');
  return /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
}

type Field = 'type' | 'member' | 'duesMonth' | 'category' | 'method' | 'amount' | 'date' | 'note';
type Values = Partial<Record<Field, string>>;
type Errors = Record<string, string>;

interface FundFormProps {
  kind: 'payment' | 'expense';
  members: { ref: string; name: string; class: string; active: boolean }[];
  today: string;
  onSaved: (message: string) => void;
  signOut: () => void;
}

/** What the form sends: a member and month only where the kind of income has them. */
function requestBody(values: Values): Record<string, unknown> {
  const { type, member, duesMonth, ...rest } = values;
  const body: Record<string, unknown> = { ...rest, amount: readAmount(values.amount ?? '') };
  if (type === undefined) return body;
  return { ...body, type, ...(type === 'income' ? {} : { member }), ...(type === 'dues' ? { duesMonth } : {}) };
}

const incomeChoices = INCOME_KINDS.map((value) => ({ value, label: labels.kinds[value] }));

function useFundForm({ kind, today, onSaved, signOut }: FundFormProps) {
  const initial: Values =
    kind === 'payment'
      ? { type: 'payment', member: '', duesMonth: today.slice(0, 7), method: PAYMENT_METHODS[0], amount: '', date: today, note: '' }
      : { category: EXPENSE_CATEGORIES[0], amount: '', date: today, note: '' };
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const submitKey = useSubmitKey();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const body = requestBody(values);
    const parsed = kind === 'payment' ? paymentRequestSchema.safeParse(body) : expenseRequestSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setBusy(true);
    const key = submitKey.current();
    const result = 'method' in parsed.data ? await recordPayment(parsed.data, key) : await recordExpense(parsed.data, key);
    setBusy(false);
    if (result.ok) {
      submitKey.saved();
      setErrors({});
      setValues(initial);
      onSaved(result.data.message);
    } else if (result.status === 401) signOut();
    else setErrors(Object.keys(result.errors).length > 0 ? result.errors : { amount: result.message });
  }

  const set = (field: Field) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value });
  return { values, errors, busy, submit, set };
}

type FundFormState = ReturnType<typeof useFundForm>;

interface ChoiceProps {
  id: string;
  field: Field;
  label: string;
  options: { value: string; label: string }[];
  form: FundFormState;
}

function Choice({ id, field, label, options, form: { values, errors, set } }: ChoiceProps) {
  return (
    <AdminField id={id} field={field} label={label} error={errors[field]}>
      <select
        id={`${id}-${field}`}
        value={values[field]}
        onChange={set(field)}
        className={adminStyles.input}
        {...describedBy(id, field, errors[field])}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </AdminField>
  );
}

const choices = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

const memberChoices = (members: FundFormProps['members']) => [
  { value: '', label: labels.memberRequired },
  ...members.filter((member) => member.active).map((member) => ({ value: member.ref, label: `${member.name} (${member.class})` })),
];

/** `Pembayaran` or `Pengeluaran`: checked here with the server's schema, then by the server (the date against its today). */
export function FundForm(props: FundFormProps) {
  const { kind, members, today } = props;
  const id = useId();
  const form = useFundForm(props);
  const { values, errors, busy, submit, set } = form;
  const title = kind === 'payment' ? labels.incomeTitle : labels.expense;

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
        {kind === 'payment' && <Choice id={id} field="type" label={labels.entryType} options={incomeChoices} form={form} />}
        {kind === 'payment' && values.type !== 'income' && (
          <Choice id={id} field="member" label={labels.member} options={memberChoices(members)} form={form} />
        )}
        {kind === 'payment' && values.type === 'dues' && (
          <AdminField id={id} field="duesMonth" label={labels.duesMonth} error={errors.duesMonth}>
            <input
              id={`${id}-duesMonth`}
              type="month"
              value={values.duesMonth}
              onChange={set('duesMonth')}
              className={adminStyles.input}
              {...describedBy(id, 'duesMonth', errors.duesMonth)}
            />
          </AdminField>
        )}
        {kind === 'expense' && (
          <Choice id={id} field="category" label={labels.category} options={choices(EXPENSE_CATEGORIES)} form={form} />
        )}
        {kind === 'payment' && <Choice id={id} field="method" label={labels.method} options={choices(PAYMENT_METHODS)} form={form} />}
        <AdminField id={id} field="amount" label={labels.amount} error={errors.amount}>
          <input
            id={`${id}-amount`}
            inputMode="numeric"
            value={values.amount}
            onChange={set('amount')}
            className={adminStyles.input}
            {...describedBy(id, 'amount', errors.amount)}
          />
        </AdminField>
        <AdminField id={id} field="date" label={labels.date} error={errors.date}>
          <input
            id={`${id}-date`}
            type="date"
            max={today}
            value={values.date}
            onChange={set('date')}
            className={adminStyles.input}
            {...describedBy(id, 'date', errors.date)}
          />
        </AdminField>
      </div>
      <AdminField id={id} field="note" label={labels.note} error={errors.note}>
        <input
          id={`${id}-note`}
          maxLength={MAX_FUND_NOTE_LENGTH}
          value={values.note}
          onChange={set('note')}
          className={adminStyles.input}
          {...describedBy(id, 'note', errors.note)}
        />
      </AdminField>
      <div>
        <button type="submit" disabled={busy} className={buttonStyles.primary}>
          {busy ? labels.saving : `${labels.save} ${title.toLowerCase()}`}
        </button>
      </div>
    </form>
  );
}
