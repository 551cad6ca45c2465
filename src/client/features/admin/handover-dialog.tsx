import { useId } from 'react';
import { adminMessages } from '../../../domain/admin/admin-messages';
import { type HandoverDialogValues, recordedWallClock } from '../../../domain/handover/admin-handover';
import type { HandoverEvent } from '../../../domain/handover/handover';
import type { AdminBooking } from '../../../domain/schemas/admin';
import { messages } from '../../../domain/text/messages';
import { buttonStyles } from '../../components/button-styles';
import { Dialog } from '../../components/dialog';
import { HandoverFields } from '../../components/handover-fields';
import { adminStyles } from './styles';
import { type Started, useHandoverDialog } from './use-handover-dialog';

const EVENTS: HandoverEvent[] = ['pickup', 'return', 'release'];

interface FieldsProps {
  id: string;
  booking: AdminBooking;
  started: Started;
  errors: Record<string, string>;
  pick: (event: HandoverEvent) => void;
  change: (values: Partial<HandoverDialogValues>) => void;
}

/** Which event, what it corrects, when, and for a pickup or return the fuel and what else it asks. */
function EventFields({ id, booking, started, errors, pick, change }: FieldsProps) {
  const handover = booking.handover;
  const recorded = started.event === 'pickup' ? handover.pickup : started.event === 'return' ? handover.return : handover.release;
  return (
    <>
      <fieldset>
        <legend className={adminStyles.label}>{adminMessages.handoverEvent}</legend>
        <div className="flex flex-wrap gap-x-4">
          {EVENTS.map((event) => (
            <label key={event} className="flex min-h-11 items-center gap-2">
              <input type="radio" name={`${id}-event`} checked={started.event === event} onChange={() => pick(event)} className="size-5" />
              {messages.handover.eventLabel[event]}
            </label>
          ))}
        </div>
      </fieldset>
      {recorded && (
        <p className="text-sm text-slate-700">
          {adminMessages.handoverCorrects(recordedWallClock(recorded.at, started.timeZone, booking.date), recorded.by)}
        </p>
      )}
      <div className="flex flex-wrap gap-4">
        {(['date', 'time'] as const).map((field) => (
          <div key={field}>
            <label htmlFor={`${id}-${field}`} className={adminStyles.label}>
              {field === 'date' ? adminMessages.handoverDate : adminMessages.handoverTime}
            </label>
            <input
              id={`${id}-${field}`}
              type={field}
              value={started.values[field]}
              onChange={(input) => change({ [field]: input.target.value })}
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
              className={adminStyles.input}
            />
            {errors[field] && (
              <p id={`${id}-${field}-error`} className={adminStyles.fieldError}>
                {errors[field]}
              </p>
            )}
          </div>
        ))}
      </div>
      {started.event !== 'release' && (
        <HandoverFields
          values={started.values}
          onChange={change}
          errors={errors}
          withReturnDetails={started.event === 'return'}
          needStnk={booking.needStnk}
          fuelHint={adminMessages.handoverFuelHint}
        />
      )}
    </>
  );
}

/** Records or corrects one booking's pickup, return or release at a wall-clock time in APP_TIMEZONE. */
export function HandoverDialog({
  booking,
  summary,
  onSaved,
  signOut,
  onClose,
}: {
  booking: AdminBooking | null;
  summary: string;
  onSaved: (message: string) => void;
  signOut: () => void;
  onClose: () => void;
}) {
  const id = useId();
  const { started, errors, failure, busy, pick, change, submit } = useHandoverDialog(booking, onSaved, signOut);
  return (
    // Opens once the clock is known (or failed), so the focus lands on the form's first field, not on Batal.
    <Dialog
      open={booking !== null && (started !== undefined || failure !== undefined)}
      title={adminMessages.handoverDialogTitle}
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate aria-busy={started ? undefined : true} className="mt-3 flex flex-col gap-4">
        <p>{summary}</p>
        {started && booking && <EventFields id={id} booking={booking} started={started} errors={errors} pick={pick} change={change} />}
        {failure && <p role="alert">{failure}</p>}
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={onClose} className={buttonStyles.secondary}>
            {adminMessages.handoverDismiss}
          </button>
          <button type="submit" disabled={busy || !started} className={buttonStyles.primary}>
            {busy ? adminMessages.handoverSaving : adminMessages.handoverSave}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
