import { type FormEvent, useEffect, useState } from 'react';
import { adminMessages } from '../../../domain/admin/admin-messages';
import { type HandoverDialogValues, handoverDialogValues, likelyHandoverEvent } from '../../../domain/handover/admin-handover';
import type { HandoverEvent } from '../../../domain/handover/handover';
import { readHandoverForm } from '../../../domain/handover/handover-form';
import type { AdminBooking } from '../../../domain/schemas/admin';
import { adminHandoverRequestSchema } from '../../../domain/schemas/handover';
import { fieldErrorsFromZod } from '../../../domain/text/field-errors';
import { messages } from '../../../domain/text/messages';
import { localMomentIn } from '../../../domain/time/clock';
import { fetchToday } from '../../lib/schedule-api';
import { recordAdminHandover } from './api';

export interface Started {
  event: HandoverEvent;
  values: HandoverDialogValues;
  timeZone: string;
  now: { date: string; time: string };
}

/** The dialog's event and values, started from the server's clock when a booking is chosen, and their save. */
export function useHandoverDialog(booking: AdminBooking | null, onSaved: (message: string) => void, signOut: () => void) {
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

  return { started, errors, failure, busy, pick, change, submit };
}
