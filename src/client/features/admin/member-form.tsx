import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { adminMessages } from '../../../domain/admin-messages';
import { fieldErrorsFromZod } from '../../../domain/field-errors';
import { type MemberRequest, memberRequestSchema } from '../../../domain/schemas/admin';
import { adminStyles } from './styles';

/** `submit` answers field errors, or nothing when saved. */
export function MemberForm({
  initial = { name: '', class: '', admin: false, committee: false },
  submit,
  children,
}: {
  initial?: MemberRequest;
  submit: (input: MemberRequest) => Promise<Record<string, string> | undefined>;
  children: (busy: boolean) => ReactNode;
}) {
  const id = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = memberRequestSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setBusy(true);
    const failed = await submit(parsed.data);
    setBusy(false);
    setErrors(failed ?? {});
    if (!failed && initial.name === '') setValues(initial);
  }

  const field = (key: 'name' | 'class', label: string) => (
    <div className="min-w-[min(12rem,100%)] flex-1">
      <label htmlFor={`${id}-${key}`} className={adminStyles.label}>
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        value={values[key]}
        onChange={(event) => setValues({ ...values, [key]: event.target.value })}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
        className={adminStyles.input}
      />
      {errors[key] && (
        <p id={`${id}-${key}-error`} className={adminStyles.fieldError}>
          {errors[key]}
        </p>
      )}
    </div>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-4">
      {field('name', adminMessages.memberName)}
      {field('class', adminMessages.memberClass)}
      <label className="flex min-h-11 items-center gap-2">
        <input
          type="checkbox"
          checked={values.admin}
          onChange={(event) => setValues({ ...values, admin: event.target.checked })}
          className="size-5"
        />
        {adminMessages.memberAdmin}
      </label>
      <label className="flex min-h-11 items-center gap-2">
        <input
          type="checkbox"
          checked={values.committee}
          onChange={(event) => setValues({ ...values, committee: event.target.checked })}
          className="size-5"
        />
        {adminMessages.fund.committee}
      </label>
      {children(busy)}
    </form>
  );
}
