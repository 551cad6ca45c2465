export const HOME_CLASS = 'PPTI 21';

export const MAX_HOURS_HOME_CLASS = 4;

export const MAX_HOURS_OTHER_CLASS = 3;

export const MAX_HOURS_PER_DAY = 4;

// The spec says 5 hours, but the original app stored start + 6 h: we keep that, and every screen says 6.
export const VOUCHER_HOURS = 6;

/** Committee use (`Panitia`): free, and bookable up to this long per booking and per day. */
export const COMMITTEE_FREE_HOURS = 5;

export const FREE_SHORT_USE_HOURS = 1;

export const RATE_PER_HOUR_RUPIAH = 10_000;

export const MAX_NAME_LENGTH = 100;
export const MAX_REASON_LENGTH = 500;
export const MAX_CLASS_LENGTH = 50;

export const MAX_LIST_DAYS = 31;

export function isHomeClass(className: string): boolean {
  return className.trim().toLowerCase() === HOME_CLASS.toLowerCase();
}

export function maxHoursPerBooking(className: string): number {
  return isHomeClass(className) ? MAX_HOURS_HOME_CLASS : MAX_HOURS_OTHER_CLASS;
}
