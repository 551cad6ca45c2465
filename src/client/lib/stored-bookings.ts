export const MY_BOOKINGS_KEY = 'myBookings';

/** Free of the validation code, so the availability page loads the card's code only for students who booked here. */
export function hasStoredBookings(): boolean {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(MY_BOOKINGS_KEY) ?? '[]');
    return Array.isArray(stored) && stored.length > 0;
  } catch {
    return false;
  }
}
