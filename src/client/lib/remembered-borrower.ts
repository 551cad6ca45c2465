// Apart from device-storage: the availability page's first load reads the class, and must not load the bookings' schemas for it.
const LAST_NAME_KEY = 'lastBorrowerName';
const LAST_CLASS_KEY = 'lastBorrowerClass';

export function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Blocked (private mode, policy) or full storage: nothing is remembered, and every screen works without it.
  }
}

export function readLastBorrowerName(): string {
  return read(LAST_NAME_KEY) ?? '';
}

/** The class of the student this device booked for last: what a free gap's link fills. */
export function readLastBorrowerClass(): string | undefined {
  return read(LAST_CLASS_KEY) ?? undefined;
}

export function rememberBorrower(name: string, className: string): void {
  write(LAST_NAME_KEY, name);
  write(LAST_CLASS_KEY, className);
}
