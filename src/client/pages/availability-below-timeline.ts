// What the page shows below the day's scrolled timeline: one chunk, fetched after the first paint (0051).
export { DayBookingsTable } from '../features/booking/day-bookings-table';
export { CalendarSubscribeLink } from '../features/self-service/calendar-subscribe-link';
