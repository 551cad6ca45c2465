import { addDays } from '../../../src/domain/time/clock';

/** Today in the server's APP_TIMEZONE. */
export async function serverToday(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/today`);
  return ((await response.json()) as { today: string }).today;
}

/** A date `days` after the server's today: each test books on a day of its own. */
export async function dayFromToday(baseUrl: string, days: number): Promise<string> {
  return addDays(await serverToday(baseUrl), days);
}

export interface BookingBody {
  name: string;
  date: string;
  start: string;
  end: string;
  reason?: string;
  needStnk?: '' | 'ya' | 'tidak';
  /** A bike of several (0060); none is `Motor mana saja`. */
  motorId?: number;
}

/** Books through the real API, as another student would; fails the test unless the server says 201. Resolves to the cancel secret. */
export async function bookViaApi(baseUrl: string, booking: BookingBody): Promise<string> {
  const response = await fetch(`${baseUrl}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ reason: 'kuliah', needStnk: '', ...booking }),
  });
  if (response.status !== 201) throw new Error(`booking failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { cancelToken: string }).cancelToken;
}

/** A borrower's pickup or return through the real API, proved by the cancel secret; fails the test unless the server says 200. */
export async function handoverByApi(app: { baseUrl: string }, token: string, body: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${app.baseUrl}/api/bookings/handover`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, ...body }),
  });
  if (response.status !== 200) throw new Error(`handover failed: ${response.status} ${await response.text()}`);
}
