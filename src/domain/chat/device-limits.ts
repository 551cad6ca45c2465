// Limits on the borrowers' devices and link codes (issue 40, docs/decisions/0054).

/** Devices one booking's cancel secret may link: a phone, a laptop, one more. */
export const MAX_DEVICES_PER_BOOKING = 3;
/** Link codes an address may be given in ADDRESS_LIMIT_WINDOW_MS. */
export const LINK_CODES_PER_ADDRESS_PER_HOUR = 20;
/** Ended waits and their offers are kept this long for the admin's eyes, then deleted by the daily clean-up. */
export const ENDED_WAIT_KEPT_MS = 24 * 60 * 60_000;

/** A booking whose secret may still link a device: not cancelled, not brought back or released, its end not passed. */
export function canLinkDevice(
  booking: { cancelled: boolean; handedBack: boolean; endDate: string; end: string },
  now: { date: string; time: string },
): boolean {
  if (booking.cancelled || booking.handedBack) return false;
  return booking.endDate > now.date || (booking.endDate === now.date && booking.end > now.time);
}
