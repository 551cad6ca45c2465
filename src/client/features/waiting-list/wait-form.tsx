import { MAX_NAME_LENGTH, MAX_REASON_LENGTH } from '../../../domain/booking/limits';
import { bikeMessages } from '../../../domain/motor/bike-messages';
import { bookingFieldLabels } from '../../../domain/schemas/booking-requests';
import { formatIndonesianDate } from '../../../domain/time/clock';
import { waitingListMessages } from '../../../domain/waiting-list/waiting-list-messages';
import { buttonStyles } from '../../components/button-styles';
import type { Field, WaitDialogState } from './use-wait-dialog';

const controlClass = (invalid: boolean, readOnly = false) =>
  `mt-1 block min-h-11 w-full rounded-md border px-3 py-2 ${readOnly ? 'bg-slate-100' : 'bg-white'} ${
    invalid ? 'border-red-700 ring-1 ring-red-700' : 'border-slate-400'
  }`;

/** The wanted span: the day (fixed), the hours, with two or more bikes the `Motor` (0062), the name and the reason. */
export function WaitForm({ date, wait }: { date: string; wait: WaitDialogState }) {
  const { errors, saving, values, fields, base, bikes, setField, submit } = wait;
  const errorId = (field: Field) => `${base}-${field}-error`;
  const a11y = (field: Field) => ({
    ref: (element: HTMLElement | null) => {
      fields.current[field] = element;
    },
    id: `${base}-${field}`,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? errorId(field) : undefined,
    className: controlClass(errors[field] !== undefined, field === 'date'),
  });
  const errorOf = (field: Field) =>
    errors[field] && (
      <p id={errorId(field)} className="mt-1 text-sm font-medium text-red-700">
        {errors[field]}
      </p>
    );
  const label = (field: Field) => (
    <label htmlFor={`${base}-${field}`} className="font-medium">
      {bookingFieldLabels[field]}
    </label>
  );

  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-4">
      <div>
        {label('date')}
        <input readOnly value={formatIndonesianDate(date)} {...a11y('date')} />
        {errorOf('date')}
      </div>
      <div className="flex flex-wrap gap-3">
        {(['start', 'end'] as const).map((field) => (
          <div key={field} className="min-w-32 flex-1">
            {label(field)}
            <input type="time" value={values[field]} onChange={(event) => setField(field, event.target.value)} {...a11y(field)} />
            {errorOf(field)}
          </div>
        ))}
      </div>
      {bikes && (
        <div>
          {label('motorId')}
          <select
            value={values.motorId ?? ''}
            onChange={(event) => setField('motorId', event.target.value === '' ? undefined : Number(event.target.value))}
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
      )}
      <div>
        {label('name')}
        <input
          autoComplete="name"
          maxLength={MAX_NAME_LENGTH}
          value={values.name}
          onChange={(event) => setField('name', event.target.value)}
          {...a11y('name')}
        />
        {errorOf('name')}
      </div>
      <div>
        {label('reason')}
        <textarea
          rows={2}
          maxLength={MAX_REASON_LENGTH}
          value={values.reason}
          onChange={(event) => setField('reason', event.target.value)}
          {...a11y('reason')}
        />
        {errorOf('reason')}
      </div>
      <button type="submit" className={`${buttonStyles.primary} w-full`} aria-busy={saving || undefined}>
        {waitingListMessages.submit}
      </button>
    </form>
  );
}
