import { isCalendarDate, isClockTime } from '../time/clock';

/** The server answers 404 to any other page path: a page added to the router must be added here. */
export const clientRoutes = {
  availability: '/',
  rules: '/peraturan',
  form: '/form',
  login: '/login',
  generate: '/generate',
  adminBookings: '/admin/peminjaman',
  adminMembers: '/admin/anggota',
  adminHistory: '/admin/riwayat',
  adminMotor: '/admin/motor',
  adminFund: '/admin/kas',
  cancel: '/batal',
  /** The cancel link's form before 0036: still opened, its secret moved into the fragment first. */
  oldCancel: '/batal/:token',
} as const;

const PARAMETER = '[A-Za-z0-9_-]+';

const routePatterns = Object.values(clientRoutes).map((path) => {
  const pattern = path.replace(/:[a-zA-Z]+/g, PARAMETER).replace(/\//g, '\\/');
  return new RegExp(path === '/' ? '^\\/$' : `^${pattern}\\/?$`);
});

export function isClientRoute(pathname: string): boolean {
  return routePatterns.some((pattern) => pattern.test(pathname));
}

export function bookingFormPath(date: string, start?: string, end?: string): string {
  // By hand: URLSearchParams would escape the colons, which a query may hold as they are.
  const times = start && end ? `&mulai=${start}&selesai=${end}` : '';
  return `${clientRoutes.form}?tanggal=${date}${times}`;
}

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
