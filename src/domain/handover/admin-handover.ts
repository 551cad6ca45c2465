import type { AdminHandover } from '../schemas/handover';
import { formatDateRange, localMomentIn } from '../time/clock';
import type { LocalMoment } from '../time/moment';
import type { HandoverEvent } from './handover';

/** A recorded instant on APP_TIMEZONE's wall clock: the time alone on the booking's own day, else with its date. */
export function recordedWallClock(at: string, timeZone: string, bookingDate: string): string {
  const moment = localMomentIn(timeZone, new Date(at));
  return moment.date === bookingDate ? moment.time : `${formatDateRange(moment.date, moment.date)} ${moment.time}`;
}

/** The event an admin most likely comes to record: the pickup of a booking still booked, else its return. */
export function likelyHandoverEvent(handover: AdminHandover): HandoverEvent {
  if (handover.stage === 'released') return 'release';
  return handover.stage === 'booked' ? 'pickup' : 'return';
}

export interface HandoverDialogValues {
  date: string;
  time: string;
  fuel: string;
  km: string;
  note: string;
  stnkBack: boolean;
}

/** What the dialog starts from for `event`: the record it corrects, or now and empty details when there is none yet. */
export function handoverDialogValues(
  handover: AdminHandover,
  event: HandoverEvent,
  now: LocalMoment,
  timeZone: string,
): HandoverDialogValues {
  const recorded = event === 'pickup' ? handover.pickup : event === 'return' ? handover.return : handover.release;
  const at = recorded ? localMomentIn(timeZone, new Date(recorded.at)) : now;
  const returned = event === 'return' && handover.return !== null;
  return {
    date: at.date,
    time: at.time,
    fuel: (event === 'pickup' ? handover.fuelOut : event === 'return' ? handover.fuelBack : null) ?? '',
    km: returned && handover.km !== null ? String(handover.km) : '',
    note: returned ? (handover.note ?? '') : '',
    stnkBack: returned && handover.stnkBack === true,
  };
}
