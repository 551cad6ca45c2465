import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { type BookingField, type BookingInput, type FieldErrors, hasErrors } from '../../../domain/booking/booking-rules';
import { DEFAULT_RETURN_GRACE_MINUTES } from '../../../domain/handover/handover';
import type { CreatedBooking, RosterEntry, ShownBike, TodayResponse } from '../../../domain/schemas/bookings';
import { type AppClock, appMomentAt, type MinuteSpan } from '../../../domain/time/clock';
import type { LocalMoment } from '../../../domain/time/moment';
import { readLastBorrowerName } from '../../lib/remembered-borrower';
import { fetchDayBookings } from '../../lib/schedule-api';
import { createBooking, newIdempotencyKey } from './api';
import { checkOnClient, firstErrorField, type KnownDay, laneFor, purposeFor, splitServerErrors, withVoucherEnd } from './client-checks';
import { keepDraft, readDraft, readLastChoices, rememberChoices } from './remembered-choices';
import { type OfferContext, useTimeOffer } from './use-time-offer';

/** The server's clock with the loans out, which `Pakai jam …` keeps clear of while one is late. */
export type FormClock = AppClock & Partial<Pick<TodayResponse, 'loansOut' | 'returnGraceMinutes'>>;

/** The day's bookings, for the checks only the list can tell (an overlap, the daily total); undefined when they cannot be read. */
async function readDay(date: string): Promise<KnownDay> {
  if (date === '') return undefined;
  const answer = await fetchDayBookings(date);
  return answer.ok ? { date, bookings: answer.data.bookings } : undefined;
}

const EMPTY: BookingInput = { name: '', date: '', start: '', end: '', reason: '', needStnk: '', purpose: 'personal' };

interface Options {
  roster: RosterEntry[] | undefined;
  today: string | undefined;
  /** The server's clock and when it arrived (`Date.now()`): the phone's clock may be wrong, its stopwatch is not. */
  appClock: { clock: FormClock; receivedAt: number } | undefined;
  prefill?: Partial<BookingInput>;
  /** The query the form was opened with: the tab's draft is kept under it. */
  draftKey: string;
  /** The `Tidak tersedia` spans by date, for `Pakai jam …`. */
  unavailable?: Record<string, MinuteSpan[]> | undefined;
  bikes?: ShownBike[] | undefined;
  onCreated: (booking: CreatedBooking, cancelToken: string) => void;
}

/** The draft typed in this tab, else what this device booked with last and what the link asked for. */
function initialValues(draftKey: string, prefill: Partial<BookingInput> | undefined): BookingInput {
  return readDraft(draftKey) ?? { ...EMPTY, name: readLastBorrowerName(), ...readLastChoices(), ...prefill };
}

export function useBorrowForm({ roster, today, appClock, prefill, draftKey, unavailable, bikes, onCreated }: Options) {
  const [values, setValues] = useState<BookingInput>(() => initialValues(draftKey, prefill));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [globalError, setGlobalError] = useState<string>();
  const [saving, setSaving] = useState(false);
  // Bumped on reset so controls with state of their own (the combobox) start afresh.
  const [resetCount, setResetCount] = useState(0);
  const fields = useRef<Partial<Record<BookingField, HTMLElement | null>>>({});
  // One key per filled form: kept for a retry after a lost answer, replaced once a value changes.
  const idempotencyKey = useRef<string | undefined>(undefined);
  // Once booked, the emptied form is no draft to come back to.
  const booked = useRef(false);
  const { values: shown, endLocked } = withVoucherEnd(values);
  const { offer, findOffer } = useTimeOffer(shown);

  useEffect(() => keepDraft(draftKey, booked.current ? undefined : values), [draftKey, values]);

  const fieldRef = (field: BookingField) => (element: HTMLElement | null) => {
    fields.current[field] = element;
  };

  const setField = (field: BookingField, value: string | number | undefined) => {
    idempotencyKey.current = undefined;
    booked.current = false;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (current[field] === undefined) return current;
      const { [field]: _fixed, ...rest } = current;
      return rest;
    });
  };

  /** Fills the name from outside the combobox (`Maksudnya …?`), which reads its value when mounted. */
  const fillName = (name: string) => {
    setField('name', name);
    setResetCount((count) => count + 1);
  };

  const showErrors = (next: FieldErrors) => {
    // Rendered first, so the field is already described by its error when it gets the focus.
    flushSync(() => setErrors(next));
    const first = firstErrorField(next);
    if (first) fields.current[first]?.focus();
  };

  const submit = async () => {
    if (saving) return;
    setGlobalError(undefined);
    const now = appClock && appMomentAt(appClock.clock, new Date(Date.parse(appClock.clock.now) + Date.now() - appClock.receivedAt));
    const motorId = bikes?.some((bike) => bike.id === shown.motorId) ? shown.motorId : undefined;
    const check = (day?: KnownDay) => checkOnClient(shown, roster, now?.date ?? today, now?.time, day);
    const readLane = async () => laneFor(shown, await readDay(shown.date), bikes, motorId);
    if (hasErrors(check())) {
      // Every error at once: the day's list adds an overlap or the daily total to what the form alone finds.
      setSaving(true);
      const day = shown.start !== '' && shown.end !== '' ? await readLane() : undefined;
      setSaving(false);
      const found = check(day);
      showErrors(found);
      if (found.start !== undefined) findOffer(shown, day, offerContext(now));
      return;
    }
    setErrors({});
    setSaving(true);
    idempotencyKey.current ??= newIdempotencyKey();
    const purpose = purposeFor(shown, roster);
    const result = await createBooking({ ...shown, purpose, motorId }, idempotencyKey.current);
    if (result.ok) {
      setSaving(false);
      idempotencyKey.current = undefined;
      rememberChoices(shown, purpose);
      booked.current = true;
      setValues(EMPTY);
      setResetCount((count) => count + 1);
      onCreated(result.data.booking, result.data.cancelToken);
    } else if (hasErrors(result.errors)) {
      const { fields: fieldErrors, other } = splitServerErrors(result.errors);
      // The server names its first failure; the day's list shows the others the form can judge beside it.
      const day = hasErrors(fieldErrors) ? await readLane() : undefined;
      setSaving(false);
      const found = hasErrors(fieldErrors) ? { ...check(day), ...fieldErrors } : {};
      if (hasErrors(found)) showErrors(found);
      if (found.start !== undefined) findOffer(shown, day, offerContext(now));
      if (other.length > 0 || !hasErrors(fieldErrors)) setGlobalError(other[0] ?? result.message);
    } else {
      setSaving(false);
      setGlobalError(result.message);
    }
  };

  const offerContext = (now: LocalMoment | undefined): OfferContext => ({
    now,
    loansOut: appClock?.clock.loansOut ?? [],
    graceMinutes: appClock?.clock.returnGraceMinutes ?? DEFAULT_RETURN_GRACE_MINUTES,
    unavailable,
    roster,
  });

  return { values: shown, endLocked, errors, globalError, saving, resetCount, offer, fieldRef, setField, fillName, submit };
}
