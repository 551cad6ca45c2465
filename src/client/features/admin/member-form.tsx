import { type ReactNode, useId } from 'react';
import { adminMessages } from '../../../domain/admin/admin-messages';
import type { MemberRequest } from '../../../domain/schemas/admin';
import { messages } from '../../../domain/text/messages';
import { buttonStyles } from '../../components/button-styles';
import { Dialog } from '../../components/dialog';
import { adminStyles } from './styles';
import { type MemberFormState, NEW_CLASS, useMemberForm } from './use-member-form';

type Errors = Record<string, string>;

const errorOf = (errors: Errors, key: string, fieldId: string, shown = true) =>
  shown &&
  errors[key] && (
    <p id={`${fieldId}-error`} className={adminStyles.fieldError}>
      {errors[key]}
    </p>
  );

const invalid = (errors: Errors, key: string, fieldId: string, shown = true) =>
  shown && errors[key] ? { 'aria-invalid': true as const, 'aria-describedby': `${fieldId}-error` } : {};

/** The roster's classes to choose from, and a field for a new one. */
function ClassFields({ id, classes, form }: { id: string; classes: string[]; form: MemberFormState }) {
  const { values, setValues, newClass, setNewClass, errors, creating } = form;
  return (
    <>
      <div className="min-w-[min(12rem,100%)] flex-1">
        <label htmlFor={`${id}-class`} className={adminStyles.label}>
          {adminMessages.memberClass}
        </label>
        <select
          id={`${id}-class`}
          value={values.class}
          onChange={(event) => setValues({ ...values, class: event.target.value })}
          {...invalid(errors, 'class', `${id}-class`, !creating)}
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
        {errorOf(errors, 'class', `${id}-class`, !creating)}
      </div>
      {creating && (
        <div className="min-w-[min(12rem,100%)] flex-1">
          <label htmlFor={`${id}-newClass`} className={adminStyles.label}>
            {adminMessages.memberClassNewLabel}
          </label>
          <input
            id={`${id}-newClass`}
            value={newClass}
            onChange={(event) => setNewClass(event.target.value)}
            {...invalid(errors, 'class', `${id}-newClass`)}
            className={adminStyles.input}
          />
          {errorOf(errors, 'class', `${id}-newClass`)}
        </div>
      )}
    </>
  );
}

function ConfirmNewClass({ form: { confirming, setConfirming, send } }: { form: MemberFormState }) {
  return (
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
  );
}

/** `submit` answers field errors (none when the failure is told elsewhere), or nothing when saved. `classes`: the roster's, to choose from. */
export function MemberForm({
  initial = { name: '', class: '', admin: false, committee: false },
  classes,
  submit,
  children,
}: {
  initial?: MemberRequest;
  classes: string[];
  submit: (input: MemberRequest, submitKey: string) => Promise<Record<string, string> | undefined>;
  children: (busy: boolean) => ReactNode;
}) {
  const id = useId();
  const form = useMemberForm(initial, classes, submit);
  const { values, setValues, errors } = form;

  return (
    <>
      <form onSubmit={form.onSubmit} noValidate className="flex flex-wrap items-end gap-4">
        <div className="min-w-[min(12rem,100%)] flex-1">
          <label htmlFor={`${id}-name`} className={adminStyles.label}>
            {adminMessages.memberName}
          </label>
          <input
            id={`${id}-name`}
            value={values.name}
            onChange={(event) => setValues({ ...values, name: event.target.value })}
            {...invalid(errors, 'name', `${id}-name`)}
            className={adminStyles.input}
          />
          {errorOf(errors, 'name', `${id}-name`)}
        </div>
        <ClassFields id={id} classes={classes} form={form} />
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
        {children(form.busy)}
      </form>
      <ConfirmNewClass form={form} />
    </>
  );
}
