import { type FormEvent, type ReactNode, type RefObject, useId } from 'react';
import { type BookingField, type BookingInput, type StnkChoice, voucherFormHint } from '../../../domain/booking/booking-rules';
import { bookingSummary } from '../../../domain/booking/booking-summary';
import { MAX_REASON_LENGTH } from '../../../domain/booking/limits';
import { holdsVoucherCodeAmongWords } from '../../../domain/booking/voucher-code';
import { PURPOSES } from '../../../domain/fund/charges';
import type { CreatedBooking, RosterEntry } from '../../../domain/schemas/bookings';
import { messages } from '../../../domain/text/messages';
import type { AppClock } from '../../../domain/time/clock';
import { buttonStyles } from '../../components/button-styles';
import { useNavigate } from '../../lib/navigation';
import { purposeFor, rentEstimate } from './client-checks';
import { NameCombobox } from './name-combobox';
import { findRosterEntry } from './roster';
import { useBorrowForm } from './use-borrow-form';

interface BorrowFormProps {
  roster: RosterEntry[] | undefined;
  rosterNotice: ReactNode;
  today: string | undefined;
  appClock: { clock: AppClock; receivedAt: number } | undefined;
  prefill?: Partial<BookingInput>;
  loading: boolean;
  onCreated: (booking: CreatedBooking, cancelToken: string) => void;
  submitRef: RefObject<HTMLButtonElement | null>;
}

const controlClass = (invalid: boolean, readOnly = false) =>
  `mt-1 block min-h-11 w-full rounded-md border px-3 py-2 ${readOnly ? 'bg-slate-100' : 'bg-white'} ${
    invalid ? 'border-red-700 ring-1 ring-red-700' : 'border-slate-400'
  }`;

export function BorrowForm({ roster, rosterNotice, today, appClock, prefill, loading, onCreated, submitRef }: BorrowFormProps) {
  const navigate = useNavigate();
  const { values, endLocked, errors, globalError, saving, resetCount, fieldRef, setField, submit } = useBorrowForm({
    roster,
    today,
    appClock,
    prefill,
    onCreated,
  });
  const base = useId();
  const idOf = (field: BookingField | 'class') => `${base}-${field}`;
  const errorId = (field: BookingField) => `${base}-${field}-error`;
  const a11y = (field: BookingField, hintId?: string) => {
    const describedBy = [errors[field] ? errorId(field) : undefined, hintId].filter(Boolean).join(' ');
    return { 'aria-invalid': errors[field] ? true : undefined, 'aria-describedby': describedBy || undefined };
  };
  const errorOf = (field: BookingField) =>
    errors[field] && (
      <p id={errorId(field)} className="mt-1 text-sm font-medium text-red-700">
        {errors[field]}
      </p>
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };
  const entry = findRosterEntry(roster, values.name);
  const userClass = entry?.class ?? '';
  const purposes = PURPOSES.filter((purpose) => purpose !== 'committee' || entry?.committee);
  const estimate = rentEstimate(values, roster);
  const reasonHintId = `${base}-reason-hint`;
  const reasonHint =
    voucherFormHint(values.reason, values.start) ??
    (holdsVoucherCodeAmongWords(values.reason) ? messages.voucherCodeOnly : messages.fieldReasonHint);
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
          describedBy={a11y('name')['aria-describedby']}
          className={controlClass(errors.name !== undefined)}
        />
        {errorOf('name')}
        {rosterNotice}
      </div>
      <div>
        <label htmlFor={idOf('class')} className="font-medium">
          {messages.fieldClass}
        </label>
        <input id={idOf('class')} readOnly value={userClass} className={controlClass(false, true)} />
      </div>
      <div>
        <label htmlFor={idOf('date')} className="font-medium">
          {messages.fieldDate}
        </label>
        <input
          id={idOf('date')}
          ref={fieldRef('date')}
          type="date"
          min={today}
          value={values.date}
          onChange={(event) => setField('date', event.target.value)}
          className={controlClass(errors.date !== undefined)}
          {...a11y('date')}
        />
        {errorOf('date')}
      </div>
      <div className="grid grid-cols-2 gap-3">
        {(['start', 'end'] as const).map((field) => (
          <div key={field}>
            <label htmlFor={idOf(field)} className="font-medium">
              {field === 'start' ? messages.fieldStart : messages.fieldEnd}
            </label>
            <input
              id={idOf(field)}
              ref={fieldRef(field)}
              type="time"
              readOnly={field === 'end' && endLocked}
              value={values[field]}
              onChange={(event) => setField(field, event.target.value)}
              className={controlClass(errors[field] !== undefined, field === 'end' && endLocked)}
              {...a11y(field)}
            />
            {errorOf(field)}
          </div>
        ))}
      </div>
      <div>
        <label htmlFor={idOf('reason')} className="font-medium">
          {messages.fieldReason}
        </label>
        <p id={reasonHintId} aria-live="polite" className="text-sm text-slate-600">
          {reasonHint}
        </p>
        <textarea
          id={idOf('reason')}
          ref={fieldRef('reason')}
          rows={3}
          maxLength={MAX_REASON_LENGTH}
          value={values.reason}
          onChange={(event) => setField('reason', event.target.value)}
          className={controlClass(errors.reason !== undefined)}
          {...a11y('reason', reasonHintId)}
        />
        {errorOf('reason')}
      </div>
      <div>
        <label htmlFor={idOf('needStnk')} className="font-medium">
          {messages.fieldNeedStnk}
        </label>
        <select
          id={idOf('needStnk')}
          ref={fieldRef('needStnk')}
          value={values.needStnk}
          onChange={(event) => setField('needStnk', event.target.value as StnkChoice)}
          className={controlClass(errors.needStnk !== undefined)}
          {...a11y('needStnk')}
        >
          <option value="">{messages.stnkChoose}</option>
          <option value="ya">{messages.stnkYes}</option>
          <option value="tidak">{messages.stnkNo}</option>
        </select>
        {errorOf('needStnk')}
      </div>
      <div>
        <label htmlFor={idOf('purpose')} className="font-medium">
          {messages.fund.purposeLabel}
        </label>
        <select
          id={idOf('purpose')}
          ref={fieldRef('purpose')}
          value={purposeFor(values, roster)}
          onChange={(event) => setField('purpose', event.target.value)}
          className={controlClass(errors.purpose !== undefined)}
          {...a11y('purpose')}
        >
          {purposes.map((purpose) => (
            <option key={purpose} value={purpose}>
              {messages.fund.purpose[purpose]}
            </option>
          ))}
        </select>
        {errorOf('purpose')}
      </div>
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
