import type { RefObject } from 'react';
import { adminMessages } from '../../../domain/admin/admin-messages';
import { bikeMessages } from '../../../domain/motor/bike-messages';
import { outOfServiceMessages } from '../../../domain/out-of-service/out-of-service-messages';
import { formatIndonesianDate } from '../../../domain/time/clock';
import { buttonStyles } from '../../components/button-styles';
import { useShownBikes } from './bookings-bikes';
import type { Field } from './out-of-service-values';
import { adminStyles } from './styles';
import type { OutOfServiceState } from './use-out-of-service';

const labels = adminMessages.outOfService;

interface FieldProps {
  id: string;
  name: Field;
  label: string;
  type: 'text' | 'date' | 'time';
  hint?: string;
  formRef: RefObject<HTMLInputElement | null>;
  periods: OutOfServiceState;
}

function PeriodField({ id, name, label, type, hint, formRef, periods: { values, errors, editing, setValues, setAffected } }: FieldProps) {
  const fixed = editing !== undefined && (name === 'fromDate' || name === 'fromTime');
  return (
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
        readOnly={fixed}
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
}

/** With two or more bikes, the bike a new period is for (0060); a period being changed keeps its bike. */
function BikeField({ id, periods: { values, editing, setValues, setAffected } }: { id: string; periods: OutOfServiceState }) {
  const bikes = useShownBikes();
  if (bikes.length === 0 || editing) return null;
  return (
    <div className="min-w-0 sm:col-span-2">
      <label htmlFor={`${id}-motor`} className={adminStyles.label}>
        {bikeMessages.label}
      </label>
      <select
        id={`${id}-motor`}
        value={values.motorId || String(bikes[0]?.id)}
        onChange={(event) => {
          setValues({ ...values, motorId: event.target.value });
          setAffected(undefined);
        }}
        className={adminStyles.input}
      >
        {bikes.map((bike) => (
          <option key={bike.id} value={String(bike.id)}>
            {bike.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** `Periksa` until the bookings the period touches are known, then what to do with them. */
function FormActions({ periods: { affected, editing, busy, save, stopEdit, setAffected } }: { periods: OutOfServiceState }) {
  return affected === undefined ? (
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
  );
}

/** A new period, or the one being changed: its reason, start and end, then the bookings it touches. */
export function PeriodForm({
  id,
  formRef,
  periods,
}: {
  id: string;
  formRef: RefObject<HTMLInputElement | null>;
  periods: OutOfServiceState;
}) {
  const field = { id, formRef, periods };
  return (
    <form onSubmit={periods.check} noValidate className="flex max-w-xl flex-col gap-4 rounded-lg bg-white p-4 shadow">
      {periods.editing ? (
        <h3 className="font-semibold">{outOfServiceMessages.editTitle}</h3>
      ) : (
        <p className="text-slate-800">{labels.intro}</p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <BikeField id={id} periods={periods} />
        <PeriodField {...field} name="reason" label={labels.reasonLabel} type="text" hint={labels.reasonHint} />
        <datalist id={`${id}-reasons`}>
          <option value="Ban bocor" />
          <option value="Servis" />
        </datalist>
        <PeriodField {...field} name="fromDate" label={labels.fromDateLabel} type="date" />
        <PeriodField {...field} name="fromTime" label={labels.fromTimeLabel} type="time" />
        <PeriodField {...field} name="untilDate" label={labels.untilDateLabel} type="date" hint={labels.untilHint} />
        <PeriodField {...field} name="untilTime" label={labels.untilTimeLabel} type="time" />
      </div>
      <FormActions periods={periods} />
      <p role="status" className="font-medium text-green-800 empty:hidden">
        {periods.notice}
      </p>
    </form>
  );
}
