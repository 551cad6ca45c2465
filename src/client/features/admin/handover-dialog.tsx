import { type FormEvent, useEffect, useId, useState } from 'react';
import { adminMessages } from '../../../domain/admin/admin-messages';
import {
  type HandoverDialogValues,
  handoverDialogValues,
  likelyHandoverEvent,
  recordedWallClock,
} from '../../../domain/handover/admin-handover';
import type { HandoverEvent } from '../../../domain/handover/handover';
import { readHandoverForm } from '../../../domain/handover/handover-form';
import type { AdminBooking } from '../../../domain/schemas/admin';
import { adminHandoverRequestSchema } from '../../../domain/schemas/handover';
import { fieldErrorsFromZod } from '../../../domain/text/field-errors';
import { messages } from '../../../domain/text/messages';
import { localMomentIn } from '../../../domain/time/clock';
import { buttonStyles } from '../../components/button-styles';
import { Dialog } from '../../components/dialog';
import { HandoverFields } from '../../components/handover-fields';
import { fetchToday } from '../../lib/schedule-api';
import { recordAdminHandover } from './api';
import { adminStyles } from './styles';

const EVENTS: HandoverEvent[] = ['pickup', 'return', 'release'];

interface Started {
  event: HandoverEvent;
  values: HandoverDialogValues;
  timeZone: string;
  now: { date: string; time: string };
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
  const [started, setStarted] = useState<Started>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  // The server's clock, not the admin's laptop: "now" is a time in APP_TIMEZONE.
  useEffect(() => {
    setStarted(undefined);
    setErrors({});
    setFailure(undefined);
    if (!booking) return;
    const controller = new AbortController();
    fetchToday(controller.signal).then((result) => {
      if (!result.ok) {
        setFailure(result.message);
        return;
      }
      const { timeZone } = result.data;
      const now = localMomentIn(timeZone, new Date(result.data.now));
      const event = likelyHandoverEvent(booking.handover);
      setStarted({ event, values: handoverDialogValues(booking.handover, event, now, timeZone), timeZone, now });
    });
    return () => controller.abort();
  }, [booking]);

  const pick = (event: HandoverEvent) => {
    if (!started || !booking) return;
    setErrors({});
    setStarted({ ...started, event, values: handoverDialogValues(booking.handover, event, started.now, started.timeZone) });
  };
  const change = (values: Partial<HandoverDialogValues>) => started && setStarted({ ...started, values: { ...started.values, ...values } });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!started || !booking || busy) return;
    const { values } = started;
    const read = readHandoverForm({ event: started.event, ...values, needStnk: booking.needStnk, fuelRequired: false });
    const request = { event: started.event, date: values.date, time: values.time, ...(read.ok ? read.details : {}) };
    const parsed = adminHandoverRequestSchema.safeParse(request);
    const clientErrors = { ...(parsed.success ? {} : fieldErrorsFromZod(parsed.error)), ...(read.ok ? {} : read.errors) };
    setFailure(undefined);
    setErrors(clientErrors);
    if (!parsed.success || !read.ok) return;
    setBusy(true);
    const result = await recordAdminHandover(booking.ref, parsed.data);
    setBusy(false);
    if (result.ok) {
      onSaved(adminMessages.handoverSaved(messages.handover.eventLabel[started.event], booking.name));
      return;
    }
    if (result.status === 401) signOut();
    else if (Object.keys(result.errors).length > 0) setErrors(result.errors);
    else setFailure(result.message);
  }

  const handover = booking?.handover;
  const recorded =
    started && handover && (started.event === 'pickup' ? handover.pickup : started.event === 'return' ? handover.return : handover.release);
  return (
    // Opens once the clock is known (or failed), so the focus lands on the form's first field, not on Batal.
    <Dialog
      open={booking !== null && (started !== undefined || failure !== undefined)}
      title={adminMessages.handoverDialogTitle}
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate aria-busy={started ? undefined : true} className="mt-3 flex flex-col gap-4">
        <p>{summary}</p>
        {started && booking && (
          <>
            <fieldset>
              <legend className={adminStyles.label}>{adminMessages.handoverEvent}</legend>
              <div className="flex flex-wrap gap-x-4">
                {EVENTS.map((event) => (
                  <label key={event} className="flex min-h-11 items-center gap-2">
                    <input
                      type="radio"
                      name={`${id}-event`}
                      checked={started.event === event}
                      onChange={() => pick(event)}
                      className="size-5"
                    />
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
        )}
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
