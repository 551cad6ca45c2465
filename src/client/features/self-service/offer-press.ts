import { deviceSecret, hasDeviceSecret } from '../../lib/borrower-chat-api';
import { readMyBookings, rememberNewBooking } from '../../lib/device-storage';
import { callApi } from '../../lib/http';
import { fetchDeviceWaits } from '../../lib/waiting-list-api';

const schema = () => import('../../../domain/schemas/waiting-list').then((module) => module.offerPressResponseSchema);

/**
 * `/?tawaran={id}&aksi=take|skip`, where a notification's `Ambil` or `Lewati` opens the app (push-sw.js):
 * the press is made with this device's secret, and a slot taken lands on the card with its cancel secret
 * like any booking made here. What to tell; undefined when the address names no press.
 */
async function press(offerId: string, action: 'take' | 'skip'): Promise<{ text: string; failed: boolean }> {
  const result = await callApi(`/api/waits/offers/${offerId}`, schema(), {
    method: 'POST',
    body: { deviceSecret: deviceSecret(), action },
  });
  if (!result.ok) return { text: result.message, failed: true };
  const { booking, cancelToken, message } = result.data;
  if (booking && cancelToken) rememberNewBooking(booking, cancelToken);
  return { text: message, failed: false };
}

export async function pressOfferFromAddress(): Promise<{ text: string; failed: boolean } | undefined> {
  const params = new URLSearchParams(window.location.search);
  const offerId = params.get('tawaran') ?? '';
  const action = params.get('aksi');
  if (!/^[1-9]\d{0,15}$/.test(offerId) || (action !== 'take' && action !== 'skip')) return undefined;
  // Pressed once: a reload of the page does not press again.
  window.history.replaceState(window.history.state, '', window.location.pathname);
  return press(offerId, action);
}

/**
 * The slots this device's waits took lately, in the chat or here: each pressed again (the server answers the same booking and
 * secret) and kept on the card. How many bookings the card did not hold yet.
 */
export async function collectTakenOffers(): Promise<number> {
  if (!hasDeviceSecret()) return 0;
  const device = await fetchDeviceWaits();
  if (!device.ok || device.data.taken.length === 0) return 0;
  const before = readMyBookings().length;
  for (const offerId of device.data.taken) await press(String(offerId), 'take');
  return readMyBookings().length - before;
}
