/** What other rooms read of the bookings: the day's bookings as the rules and the schedule see them, and one booking by its ref or secret. */
export { type BookingLookup, findStoredBooking, type StoredBooking } from './cancel/repository';
export { type BookerSpan, type BookingRow, findBookingsTouching, findSpansTouching } from './repository';
