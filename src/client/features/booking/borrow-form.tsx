import { type FormEvent, type ReactNode, type RefObject, useId } from 'react';
import type { BookingInput } from '../../../domain/booking/booking-rules';
import { bookingSummary } from '../../../domain/booking/booking-summary';
import type { CreatedBooking, RosterEntry, ShownBike } from '../../../domain/schemas/bookings';
import { messages } from '../../../domain/text/messages';
import type { MinuteSpan } from '../../../domain/time/clock';
import { buttonStyles } from '../../components/button-styles';
import { useNavigate } from '../../lib/navigation';
import { ChoiceFields, controlClass, fieldsOf, MotorField, NameSuggestion, ReasonField, WhenFields } from './borrow-form-fields';
import { rentEstimate } from './client-checks';
import { NameCombobox } from './name-combobox';
import { findRosterEntry } from './roster';
import { type FormClock, useBorrowForm } from './use-borrow-form';

interface BorrowFormProps {
  roster: RosterEntry[] | undefined;
  rosterNotice: ReactNode;
  today: string | undefined;
  appClock: { clock: FormClock; receivedAt: number } | undefined;
  prefill?: Partial<BookingInput>;
  draftKey: string;
  unavailable: Record<string, MinuteSpan[]> | undefined;
  bikes: ShownBike[] | undefined;
  loading: boolean;
  onCreated: (booking: CreatedBooking, cancelToken: string) => void;
  submitRef: RefObject<HTMLButtonElement | null>;
}

export function BorrowForm({ roster, rosterNotice, today, appClock, loading, submitRef, ...options }: BorrowFormProps) {
  const navigate = useNavigate();
  const form = useBorrowForm({ roster, today, appClock, ...options });
  const { values, errors, globalError, saving, resetCount, fieldRef, setField, submit } = form;
  const base = useId();
  const fields = fieldsOf(base, errors);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };
  const userClass = findRosterEntry(roster, values.name)?.class ?? '';
  const estimate = rentEstimate(values, roster);
  const summary = bookingSummary(values);

  return (
    <form
      noValidate
      aria-busy={loading || undefined}
      onSubmit={onSubmit}
      className="mt-6 space-y-5 rounded-lg bg-white p-4 shadow-sm sm:p-6"
    >
      <div>
        <NameCombobox
          key={resetCount}
          label={messages.fieldName}
          value={values.name}
          onChange={(name) => setField('name', name)}
          roster={roster ?? []}
          inputRef={fieldRef('name')}
          invalid={errors.name !== undefined}
          describedBy={fields.a11y('name')['aria-describedby']}
          className={controlClass(errors.name !== undefined)}
        />
        {fields.errorOf('name')}
        <NameSuggestion form={form} roster={roster} />
        {rosterNotice}
      </div>
      <div>
        <label htmlFor={fields.idOf('class')} className="font-medium">
          {messages.fieldClass}
        </label>
        <input id={fields.idOf('class')} readOnly value={userClass} className={controlClass(false, true)} />
      </div>
      <WhenFields form={form} fields={fields} today={today} />
      {options.bikes && <MotorField form={form} fields={fields} bikes={options.bikes} />}
      <ReasonField form={form} fields={fields} />
      <ChoiceFields form={form} fields={fields} roster={roster} />
      <p aria-live="polite" className="font-medium empty:hidden">
        {estimate ?? ''}
      </p>
      <p aria-live="polite" className="font-medium empty:hidden">
        {summary ?? ''}
      </p>
      {globalError && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 font-medium text-red-900">
          {globalError}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className={buttonStyles.secondary} onClick={() => navigate('/')}>
          {messages.cancel}
        </button>
        <button ref={submitRef} type="submit" disabled={saving} className={buttonStyles.primary}>
          {saving ? messages.saving : messages.save}
        </button>
      </div>
    </form>
  );
}
