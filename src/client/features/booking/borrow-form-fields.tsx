import { useState } from 'react';
import { type BookingField, type FieldErrors, type StnkChoice, voucherFormHint } from '../../../domain/booking/booking-rules';
import { reasonChips, suggestRosterName } from '../../../domain/booking/form-help';
import { formHelpMessages } from '../../../domain/booking/form-help-messages';
import { MAX_REASON_LENGTH } from '../../../domain/booking/limits';
import { holdsVoucherCodeAmongWords } from '../../../domain/booking/voucher-code';
import { PURPOSES } from '../../../domain/fund/charges';
import { bikeMessages } from '../../../domain/motor/bike-messages';
import type { RosterEntry, ShownBike } from '../../../domain/schemas/bookings';
import { messages } from '../../../domain/text/messages';
import { purposeFor } from './client-checks';
import { readPastReasons } from './remembered-choices';
import { findRosterEntry, matchingNames } from './roster';
import type { useBorrowForm } from './use-borrow-form';

export type BorrowFormState = ReturnType<typeof useBorrowForm>;

export const controlClass = (invalid: boolean, readOnly = false) =>
  `mt-1 block min-h-11 w-full rounded-md border px-3 py-2 ${readOnly ? 'bg-slate-100' : 'bg-white'} ${
    invalid ? 'border-red-700 ring-1 ring-red-700' : 'border-slate-400'
  }`;

/** Ids, descriptions and error lines of the form's fields, from `useId`'s base. */
export function fieldsOf(base: string, errors: FieldErrors) {
  const errorId = (field: BookingField) => `${base}-${field}-error`;
  return {
    idOf: (field: BookingField | 'class') => `${base}-${field}`,
    a11y: (field: BookingField, hintId?: string) => {
      const describedBy = [errors[field] ? errorId(field) : undefined, hintId].filter(Boolean).join(' ');
      return { 'aria-invalid': errors[field] ? true : undefined, 'aria-describedby': describedBy || undefined };
    },
    errorOf: (field: BookingField) =>
      errors[field] && (
        <p id={errorId(field)} className="mt-1 text-sm font-medium text-red-700">
          {errors[field]}
        </p>
      ),
  };
}

type Fields = ReturnType<typeof fieldsOf>;

const helpButton = 'mt-2 min-h-11 rounded-md border border-blue-700 bg-blue-50 px-3 font-medium text-blue-900';

/** `Maksudnya {nama}?` under a name no roster name contains but one is within two edits of. */
export function NameSuggestion({ form, roster }: { form: BorrowFormState; roster: RosterEntry[] | undefined }) {
  const typed = form.values.name;
  const suggestion =
    roster && matchingNames(roster, typed).length === 0
      ? suggestRosterName(
          typed,
          roster.map((entry) => entry.name),
        )
      : undefined;
  // Always there, so a screen reader hears the suggestion when it comes.
  return (
    <div aria-live="polite">
      {suggestion && (
        <button type="button" className={helpButton} onClick={() => form.fillName(suggestion)}>
          {formHelpMessages.didYouMean(suggestion)}
        </button>
      )}
    </div>
  );
}

/** `Pakai jam …` after the server found the time taken: one tap fills both times. */
function TimeOffer({ form }: { form: BorrowFormState }) {
  const { offer, setField } = form;
  const use = (span: { start: string; end: string }) => {
    setField('start', span.start);
    setField('end', span.end);
  };
  return (
    <div aria-live="polite">
      {offer && (
        <button type="button" className={helpButton} onClick={() => use(offer)}>
          {formHelpMessages.offerTimes(offer.start, offer.end)}
        </button>
      )}
    </div>
  );
}

export function WhenFields({ form, fields, today }: { form: BorrowFormState; fields: Fields; today: string | undefined }) {
  const { values, endLocked, errors, fieldRef, setField } = form;
  const { idOf, a11y, errorOf } = fields;
  return (
    <>
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
      <TimeOffer form={form} />
    </>
  );
}

export function ReasonField({ form: { values, errors, fieldRef, setField }, fields }: { form: BorrowFormState; fields: Fields }) {
  const { idOf, a11y, errorOf } = fields;
  const reasonHintId = `${idOf('reason')}-hint`;
  const reasonHint =
    voucherFormHint(values.reason, values.start) ??
    (holdsVoucherCodeAmongWords(values.reason) ? messages.voucherCodeOnly : messages.fieldReasonHint);
  return (
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
      <ReasonChips reason={values.reason} onPick={(reason) => setField('reason', reason)} />
    </div>
  );
}

/** The reason stays free text: a chip only fills it. */
function ReasonChips({ reason, onPick }: { reason: string; onPick: (reason: string) => void }) {
  const [chips] = useState(() => reasonChips(readPastReasons()));
  return (
    <ul aria-label={formHelpMessages.reasonChipsLabel} className="mt-2 flex flex-wrap gap-2">
      {chips.map((chip) => (
        <li key={chip}>
          <button
            type="button"
            aria-pressed={reason === chip}
            onClick={() => onPick(chip)}
            className="min-h-11 rounded-full border border-slate-500 bg-white px-4 text-slate-900 aria-pressed:border-blue-700 aria-pressed:bg-blue-50 aria-pressed:text-blue-900"
          >
            {chip}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Whether the STNK goes along, and whose trip it is (the committee's only for a committee member). */
export function ChoiceFields({ form, fields, roster }: { form: BorrowFormState; fields: Fields; roster: RosterEntry[] | undefined }) {
  const { values, errors, fieldRef, setField } = form;
  const { idOf, a11y, errorOf } = fields;
  const purposes = PURPOSES.filter((purpose) => purpose !== 'committee' || findRosterEntry(roster, values.name)?.committee);
  return (
    <>
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
    </>
  );
}

/** `Motor`, only while two or more bikes are active (0060): `Motor mana saja` first, then each bike in the Motor tab's order. */
export function MotorField({ form, fields, bikes }: { form: BorrowFormState; fields: Fields; bikes: readonly ShownBike[] }) {
  const { values, errors, fieldRef, setField } = form;
  const { idOf, a11y, errorOf } = fields;
  return (
    <div>
      <label htmlFor={idOf('motorId')} className="font-medium">
        {bikeMessages.label}
      </label>
      <select
        id={idOf('motorId')}
        ref={fieldRef('motorId')}
        value={values.motorId ?? ''}
        onChange={(event) => setField('motorId', event.target.value === '' ? undefined : Number(event.target.value))}
        className={controlClass(errors.motorId !== undefined)}
        {...a11y('motorId')}
      >
        <option value="">{bikeMessages.anyBike}</option>
        {bikes.map((bike) => (
          <option key={bike.id} value={bike.id}>
            {bike.name}
          </option>
        ))}
      </select>
      {errorOf('motorId')}
    </div>
  );
}
