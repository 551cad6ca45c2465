import { createHash } from 'node:crypto';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalAlarmType, ICalEventStatus } from 'ical-generator';
import type { BookingSpan } from '../../domain/booking/booking-rules';
import { wallClockInstant } from '../wall-clock';

export interface CalendarBooking extends BookingSpan {
  /** Only a hash of it reaches the file. */
  ref: string | null;
  summary: string;
  /** The event's DTSTAMP, so the same bookings always give the same file. */
  createdAt: string | null;
  cancelled?: boolean;
  location?: string;
  /** The booking's own file only: never in the public feed, where every booking would ring. */
  description?: string;
  alarmMinutesBefore?: number;
}

export interface CalendarFile {
  name: string;
  timeZone: string;
  bookings: CalendarBooking[];
  refreshSeconds?: number;
}

// The same in the feed and in the booking's own .ics file, so a calendar app updates the event.
function eventUid(booking: CalendarBooking): string {
  const key = booking.ref ?? `${booking.date} ${booking.start} ${booking.summary}`;
  return `${createHash('sha256').update(`pinjam-motor booking ${key}`).digest('hex').slice(0, 32)}@pinjam-motor`;
}

/** Times carry a TZID and that zone's VTIMEZONE, so phones show the booked wall-clock times wherever they are. */
export function renderCalendar(file: CalendarFile): string {
  const calendar = ical({
    name: file.name,
    prodId: { company: 'PPTI 21', product: 'pinjam-motor', language: 'ID' },
    // No calendar-wide zone (DTSTAMP must stay UTC); the generator adds the VTIMEZONE each event's TZID names.
    timezone: { name: null, generator: getVtimezoneComponent },
    ...(file.refreshSeconds === undefined ? {} : { ttl: file.refreshSeconds }),
  });
  for (const booking of file.bookings) {
    const start = wallClockInstant(booking.date, booking.start, file.timeZone);
    const event = calendar.createEvent({
      id: eventUid(booking),
      timezone: file.timeZone,
      start,
      end: wallClockInstant(booking.endDate, booking.end, file.timeZone),
      stamp: booking.createdAt === null ? start : new Date(booking.createdAt),
      summary: booking.summary,
      ...(booking.cancelled ? { status: ICalEventStatus.CANCELLED } : {}),
      ...(booking.description === undefined ? {} : { description: booking.description }),
      ...(booking.location === undefined ? {} : { location: booking.location }),
    });
    if (booking.alarmMinutesBefore !== undefined && !booking.cancelled) {
      event.createAlarm({ type: ICalAlarmType.display, trigger: booking.alarmMinutesBefore * 60, description: booking.summary });
    }
  }
  return calendar.toString();
}
