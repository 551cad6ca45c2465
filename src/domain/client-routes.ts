import { isCalendarDate, isClockTime } from './clock';

/**
 * Every page path of the React app, in one place: the client router declares its routes from
 * these, and the server answers 404 to any other page path instead of the app with status 200.
 * A page added to the router must be added here, or the server calls it missing.
 */
export const clientRoutes = {
  availability: '/',
  rules: '/peraturan',
  form: '/form',
  login: '/login',
  generate: '/generate',
  adminBookings: '/admin/peminjaman',
  adminMembers: '/admin/anggota',
  adminHistory: '/admin/riwayat',
  /** The student's own cancel link; the token is base64url. */
  cancel: '/batal/:token',
} as const;

// A parameter matches one path segment of base64url characters, the only ones our tokens use.
const PARAMETER = '[A-Za-z0-9_-]+';

const routePatterns = Object.values(clientRoutes).map((path) => {
  const pattern = path.replace(/:[a-zA-Z]+/g, PARAMETER).replace(/\//g, '\\/');
  // A trailing slash is the same page, except on the root, which is nothing but one.
  return new RegExp(path === '/' ? '^\\/$' : `^${pattern}\\/?$`);
});

/** True when the app has a page at `pathname` (the path alone, without query; a trailing slash is allowed). */
export function isClientRoute(pathname: string): boolean {
  return routePatterns.some((pattern) => pattern.test(pathname));
}

/** The form with a day and times filled in, as a free gap of the timeline links to it. */
export function bookingFormPath(date: string, start: string, end: string): string {
  // Written by hand: URLSearchParams would escape the colons, which a query may hold as they are.
  return `${clientRoutes.form}?tanggal=${date}&mulai=${start}&selesai=${end}`;
}

/** The form's fields given in its query (bookingFormPath); a value that is not a date or time is ignored. */
export function bookingFormPrefill(query: URLSearchParams): { date?: string; start?: string; end?: string } {
  const date = query.get('tanggal') ?? '';
  const start = query.get('mulai') ?? '';
  const end = query.get('selesai') ?? '';
  return {
    ...(isCalendarDate(date) ? { date } : {}),
    ...(isClockTime(start) ? { start } : {}),
    ...(isClockTime(end) ? { end } : {}),
  };
}
