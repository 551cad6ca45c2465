/** Where this device keeps the bookings it made (a JSON list, see domain/my-bookings.ts). */
export const MY_BOOKINGS_KEY = 'myBookings';

/**
 * Whether this device kept any booking at all: a cheap look, free of the validation code, so the
 * availability page loads the card's code only for students who booked from this device.
 */
export function hasStoredBookings(): boolean {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(MY_BOOKINGS_KEY) ?? '[]');
    return Array.isArray(stored) && stored.length > 0;
  } catch {
    return false;
  }
}
