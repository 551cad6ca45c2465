import { type FormEvent, type RefObject, useCallback, useEffect, useId, useState } from 'react';
import { adminMessages } from '../../../domain/admin/admin-messages';
import { outOfServiceText } from '../../../domain/out-of-service/out-of-service';
import { checkPeriod, MAX_OUT_OF_SERVICE_REASON } from '../../../domain/out-of-service/out-of-service-form';
import { outOfServiceMessages } from '../../../domain/out-of-service/out-of-service-messages';
import type { AffectedBooking, PeriodRequest, PeriodsResponse, PeriodView } from '../../../domain/schemas/out-of-service';
import { formatIndonesianDate, localMomentIn } from '../../../domain/time/clock';
import { buttonStyles } from '../../components/button-styles';
import { createOutOfService, endOutOfService, fetchOutOfService, previewOutOfService } from './api';
import { editOutOfService, previewOutOfServiceEdit } from './out-of-service-api';
import { adminStyles } from './styles';

const labels = adminMessages.outOfService;

type Values = { reason: string; fromDate: string; fromTime: string; untilDate: string; untilTime: string };
type Field = keyof Values;

function requestOf(values: Values): PeriodRequest {
  const open = values.untilDate === '' && values.untilTime === '';
  return {
    reason: values.reason,
    fromDate: values.fromDate,
    fromTime: values.fromTime,
    untilDate: open ? null : values.untilDate,
    untilTime: open ? null : values.untilTime === '' ? '00:00' : values.untilTime,
  };
}

function untilText(period: PeriodView): string {
  return period.untilDate === null ? labels.openEnded : `${formatIndonesianDate(period.untilDate)} ${period.untilTime}`;
}

interface PanelProps {
  timeZone: string;
  signOut: () => void;
  /** A condition note's `Tandai tidak tersedia` fills the reason; each press a new object. */
  prefill: { reason: string } | undefined;
  formRef: RefObject<HTMLInputElement | null>;
}

/** The `Motor` tab's `Tidak tersedia` periods: the current one with `Motor sudah siap`, the form, the history. */
export function OutOfServicePanel({ timeZone, signOut, prefill, formRef }: PanelProps) {
  const id = useId();
  const fresh = (): Values => {
    const now = localMomentIn(timeZone, new Date());
    return { reason: '', fromDate: now.date, fromTime: now.time, untilDate: '', untilTime: '' };
  };
  const [values, setValues] = useState<Values>(fresh);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [affected, setAffected] = useState<AffectedBooking[] | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [overview, setOverview] = useState<PeriodsResponse | undefined>(undefined);
  // `Ubah`: the period whose reason and end the form changes (its start stays).
  const [editing, setEditing] = useState<PeriodView | undefined>(undefined);

  const load = useCallback(async () => {
    const result = await fetchOutOfService();
    if (result.ok) setOverview(result.data);
    else if (result.status === 401) signOut();
  }, [signOut]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (!prefill) return;
    setValues((current) => ({ ...current, reason: Array.from(prefill.reason.trim()).slice(0, MAX_OUT_OF_SERVICE_REASON).join('') }));
    setAffected(undefined);
    setEditing(undefined);
    formRef.current?.focus();
  }, [prefill, formRef]);

  function startEdit(period: PeriodView) {
    setEditing(period);
    setValues({
      reason: period.reason,
      fromDate: period.fromDate,
      fromTime: period.fromTime,
      untilDate: period.untilDate ?? '',
      untilTime: period.untilTime ?? '',
    });
    setErrors({});
    setAffected(undefined);
    setNotice('');
    formRef.current?.focus();
  }

  function stopEdit() {
    setEditing(undefined);
    setAffected(undefined);
    setErrors({});
    setValues(fresh());
  }

  function failed(result: { status: number; message: string; errors: Record<string, string> }) {
    if (result.status === 401) return signOut();
    const { until, ...rest } = result.errors;
    if (Object.keys(result.errors).length === 0) return setErrors({ reason: result.message });
    setErrors(until === undefined ? rest : { ...rest, untilDate: until });
  }

  async function check(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setNotice('');
    const request = requestOf(values);
    const found = checkPeriod(request);
    setErrors({ ...(found.reason ? { reason: found.reason } : {}), ...(found.until ? { untilDate: found.until } : {}) });
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const { reason, untilDate, untilTime } = request;
    const result = editing
      ? await previewOutOfServiceEdit(editing.ref, { reason, untilDate, untilTime })
      : await previewOutOfService(request);
    setBusy(false);
    if (!result.ok) return failed(result);
    setAffected(result.data.affected);
  }

  async function save(decision: 'cancel' | 'keep') {
    if (busy) return;
    if (editing) return saveEdit(editing, decision);
    setBusy(true);
    const result = await createOutOfService(requestOf(values), decision);
    setBusy(false);
    if (!result.ok) return failed(result);
    const { cancelled, warned } = result.data.period;
    setAffected(undefined);
    setValues(fresh());
    await load();
    setNotice(cancelled > 0 ? labels.savedCancelled(cancelled) : warned > 0 ? labels.savedWarned(warned) : labels.saved);
  }

  async function saveEdit(period: PeriodView, decision: 'cancel' | 'keep') {
    setBusy(true);
    const { reason, untilDate, untilTime } = requestOf(values);
    const result = await editOutOfService(period.ref, { reason, untilDate, untilTime }, decision);
    setBusy(false);
    if (!result.ok) return failed(result);
    const { cancelled, warned } = result.data;
    stopEdit();
    await load();
    setNotice(
      cancelled > 0
        ? outOfServiceMessages.editSavedCancelled(cancelled)
        : warned > 0
          ? outOfServiceMessages.editSavedWarned(warned)
          : outOfServiceMessages.editSaved,
    );
  }

  async function ready(ref: string) {
    if (busy) return;
    setBusy(true);
    const result = await endOutOfService(ref);
    setBusy(false);
    if (!result.ok && result.status === 401) return signOut();
    // The notice once the list shows the end too, so what it says is what is on screen.
    await load();
    setNotice(result.ok ? labels.readyDone : result.message);
  }

  const fixed = (name: Field) => editing !== undefined && (name === 'fromDate' || name === 'fromTime');
  const field = (name: Field, label: string, type: 'text' | 'date' | 'time', hint?: string) => (
    <div className={name === 'reason' ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
      <label htmlFor={`${id}-${name}`} className={adminStyles.label}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-${name}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
      )}
      <input
        id={`${id}-${name}`}
        ref={name === 'reason' ? formRef : undefined}
        type={type}
        value={values[name]}
        readOnly={fixed(name)}
        list={name === 'reason' ? `${id}-reasons` : undefined}
        onChange={(event) => {
          setValues({ ...values, [name]: event.target.value });
          setAffected(undefined);
        }}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={[hint && `${id}-${name}-hint`, errors[name] && `${id}-${name}-error`].filter(Boolean).join(' ') || undefined}
        className={`${adminStyles.input} read-only:bg-slate-100`}
      />
      {errors[name] && (
        <p id={`${id}-${name}-error`} className={adminStyles.fieldError}>
          {errors[name]}
        </p>
      )}
    </div>
  );

  const current = overview?.current ?? null;
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {labels.title}
      </h2>
      {current && (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border-l-8 border-red-700 bg-white p-4 shadow">
          <p className="font-medium">{outOfServiceText(current)}</p>
          <button type="button" disabled={busy} className={buttonStyles.primary} onClick={() => ready(current.ref)}>
            {labels.ready}
          </button>
        </div>
      )}
      <form onSubmit={check} noValidate className="flex max-w-xl flex-col gap-4 rounded-lg bg-white p-4 shadow">
        {editing ? <h3 className="font-semibold">{outOfServiceMessages.editTitle}</h3> : <p className="text-slate-800">{labels.intro}</p>}
        <div className="grid gap-4 sm:grid-cols-2">
          {field('reason', labels.reasonLabel, 'text', labels.reasonHint)}
          <datalist id={`${id}-reasons`}>
            <option value="Ban bocor" />
            <option value="Servis" />
          </datalist>
          {field('fromDate', labels.fromDateLabel, 'date')}
          {field('fromTime', labels.fromTimeLabel, 'time')}
          {field('untilDate', labels.untilDateLabel, 'date', labels.untilHint)}
          {field('untilTime', labels.untilTimeLabel, 'time')}
        </div>
        {affected === undefined ? (
          <div className="flex flex-wrap gap-3">
            <button type="submit" disabled={busy} className={buttonStyles.primary}>
              {busy ? labels.checking : editing ? outOfServiceMessages.editCheck : labels.check}
            </button>
            {editing && (
              <button type="button" disabled={busy} className={adminStyles.smallButton} onClick={stopEdit}>
                {labels.back}
              </button>
            )}
          </div>
        ) : (
          <div className="flex flex-col gap-3">
            <p role="status" className="font-medium">
              {editing
                ? affected.length === 0
                  ? outOfServiceMessages.editNoneAffected
                  : outOfServiceMessages.editAffectedTitle(affected.length)
                : affected.length === 0
                  ? labels.noneAffected
                  : labels.affectedTitle(affected.length)}
            </p>
            {affected.length > 0 && (
              <>
                <ul className="list-disc pl-6">
                  {affected.map((booking) => (
                    <li key={`${booking.date}-${booking.start}-${booking.name}`}>
                      {`${formatIndonesianDate(booking.date)} ${booking.start} - ${booking.end}, ${booking.name} (${booking.class})`}
                    </li>
                  ))}
                </ul>
                <p>{labels.affectedQuestion}</p>
              </>
            )}
            <div className="flex flex-wrap gap-3">
              {affected.length > 0 ? (
                <>
                  <button type="button" disabled={busy} className={adminStyles.dangerButton} onClick={() => save('cancel')}>
                    {outOfServiceMessages.cancelAll}
                  </button>
                  <button type="button" disabled={busy} className={adminStyles.smallButton} onClick={() => save('keep')}>
                    {outOfServiceMessages.keep}
                  </button>
                </>
              ) : (
                <button type="button" disabled={busy} className={buttonStyles.primary} onClick={() => save('keep')}>
                  {busy ? labels.saving : labels.save}
                </button>
              )}
              <button type="button" disabled={busy} className={adminStyles.smallButton} onClick={() => setAffected(undefined)}>
                {labels.back}
              </button>
            </div>
          </div>
        )}
        <p role="status" className="font-medium text-green-800 empty:hidden">
          {notice}
        </p>
      </form>
      <h3 className="font-semibold">{labels.historyTitle}</h3>
      {overview && overview.periods.length === 0 ? (
        <p>{labels.historyEmpty}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {overview?.periods.map((period) => (
            <li key={period.ref} className="rounded-md bg-white p-3 shadow-sm">
              <p className="font-medium break-words">{period.reason}</p>
              <p className="text-sm text-slate-700">
                {`${formatIndonesianDate(period.fromDate)} ${period.fromTime} - ${untilText(period)}, ${labels.by(period.createdBy)}`}
                {period.endedBy ? `, ${labels.endedBy(period.endedBy)}` : ''}
              </p>
              <p className="text-sm text-slate-700">{labels.counts(period.cancelled, period.warned)}</p>
              {period.editable && (
                <button
                  type="button"
                  disabled={busy}
                  aria-label={`${outOfServiceMessages.edit}: ${period.reason}`}
                  className={`${adminStyles.smallButton} mt-2`}
                  onClick={() => startEdit(period)}
                >
                  {outOfServiceMessages.edit}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
