// Below the day's scrolled timeline, and the card of this device's bookings: one chunk, fetched after the first paint (0051).
export { DayBookingsTable } from '../features/booking/day-bookings-table';
export { CalendarSubscribeLink } from '../features/self-service/calendar-subscribe-link';
export { MyBookingsCard } from '../features/self-service/my-bookings-card';
