import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { adminMessages } from '../../../domain/admin/admin-messages';
import { classChoice } from '../../../domain/admin/member-class';
import { type MemberRequest, memberRequestSchema } from '../../../domain/schemas/admin';
import { fieldErrorsFromZod } from '../../../domain/text/field-errors';
import { messages } from '../../../domain/text/messages';
import { buttonStyles } from '../../components/button-styles';
import { Dialog } from '../../components/dialog';
import { adminStyles } from './styles';

const NEW_CLASS = '__new__';

/** `submit` answers field errors, or nothing when saved. `classes`: the roster's, to choose from. */
export function MemberForm({
  initial = { name: '', class: '', admin: false, committee: false },
  classes,
  submit,
  children,
}: {
  initial?: MemberRequest;
  classes: string[];
  submit: (input: MemberRequest) => Promise<Record<string, string> | undefined>;
  children: (busy: boolean) => ReactNode;
}) {
  const id = useId();
  const [values, setValues] = useState(initial);
  const [newClass, setNewClass] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<MemberRequest | null>(null);
  const creating = values.class === NEW_CLASS;

  async function send(input: MemberRequest) {
    setConfirming(null);
    setBusy(true);
    const failed = await submit(input);
    setBusy(false);
    setErrors(failed ?? {});
    if (!failed && initial.name === '') {
      setValues(initial);
      setNewClass('');
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = memberRequestSchema.safeParse({ ...values, class: creating ? newClass : values.class });
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setErrors({});
    const choice = classChoice(classes, parsed.data.class);
    if (choice.kind === 'other-spelling') setErrors({ class: adminMessages.memberClassSpelling(choice.existing) });
    else if (choice.kind === 'new') setConfirming(parsed.data);
    else await send(parsed.data);
  }

  const fieldId = (key: string) => `${id}-${key}`;
  const errorOf = (key: string, shown = true) =>
    shown &&
    errors[key] && (
      <p id={`${fieldId(key)}-error`} className={adminStyles.fieldError}>
        {errors[key]}
      </p>
    );
  const invalid = (key: string, shown = true) =>
    shown && errors[key] ? { 'aria-invalid': true as const, 'aria-describedby': `${fieldId(key)}-error` } : {};

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-4">
        <div className="min-w-[min(12rem,100%)] flex-1">
          <label htmlFor={fieldId('name')} className={adminStyles.label}>
            {adminMessages.memberName}
          </label>
          <input
            id={fieldId('name')}
            value={values.name}
            onChange={(event) => setValues({ ...values, name: event.target.value })}
            {...invalid('name')}
            className={adminStyles.input}
          />
          {errorOf('name')}
        </div>
        <div className="min-w-[min(12rem,100%)] flex-1">
          <label htmlFor={fieldId('class')} className={adminStyles.label}>
            {adminMessages.memberClass}
          </label>
          <select
            id={fieldId('class')}
            value={values.class}
            onChange={(event) => setValues({ ...values, class: event.target.value })}
            {...invalid('class', !creating)}
            className={adminStyles.input}
          >
            <option value="">{adminMessages.memberClassChoose}</option>
            {classes.map((className) => (
              <option key={className} value={className}>
                {className}
              </option>
            ))}
            <option value={NEW_CLASS}>{adminMessages.memberClassNew}</option>
          </select>
          {errorOf('class', !creating)}
        </div>
        {creating && (
          <div className="min-w-[min(12rem,100%)] flex-1">
            <label htmlFor={fieldId('newClass')} className={adminStyles.label}>
              {adminMessages.memberClassNewLabel}
            </label>
            <input
              id={fieldId('newClass')}
              value={newClass}
              onChange={(event) => setNewClass(event.target.value)}
              {...(errors.class ? { 'aria-invalid': true as const, 'aria-describedby': `${fieldId('newClass')}-error` } : {})}
              className={adminStyles.input}
            />
            {errors.class && (
              <p id={`${fieldId('newClass')}-error`} className={adminStyles.fieldError}>
                {errors.class}
              </p>
            )}
          </div>
        )}
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
      <Dialog
        open={confirming !== null}
        title={adminMessages.memberClassConfirmTitle(confirming?.class ?? '')}
        onClose={() => setConfirming(null)}
      >
        <div className="mt-3 flex flex-col gap-4">
          <p>{adminMessages.memberClassConfirmText}</p>
          <div className="flex flex-wrap justify-end gap-3">
            <button type="button" onClick={() => setConfirming(null)} className={buttonStyles.secondary}>
              {messages.cancel}
            </button>
            <button type="button" onClick={() => confirming && void send(confirming)} className={buttonStyles.primary}>
              {adminMessages.memberClassConfirm}
            </button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
