import { callApi } from './http';

const schemas = () => import('../../domain/schemas/borrower-chat');
const DEVICE_KEY = 'borrowerDevice';

/** This device's secret, made once and kept: the server knows the device by its hash (0043). */
export function deviceSecret(): string {
  try {
    const kept = localStorage.getItem(DEVICE_KEY);
    if (kept && /^[A-Za-z0-9_-]{43}$/.test(kept)) return kept;
  } catch {
    // Private mode without storage: a secret for this page only.
  }
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const secret = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  try {
    localStorage.setItem(DEVICE_KEY, secret);
  } catch {
    // As above.
  }
  return secret;
}

export function hasDeviceSecret(): boolean {
  try {
    return localStorage.getItem(DEVICE_KEY) !== null;
  } catch {
    return false;
  }
}

export const requestLinkCode = (tokens: string[]) =>
  callApi(
    '/api/telegram/link',
    schemas().then((module) => module.linkCodeResponseSchema),
    { method: 'POST', body: { deviceSecret: deviceSecret(), tokens } },
  );

/** A booking made on a device that linked a chat before is linked too; nothing for a device that never did. */
export const linkNewBooking = (token: string) =>
  hasDeviceSecret()
    ? callApi(
        '/api/telegram/device-bookings',
        schemas().then((module) => module.deviceBookingResponseSchema),
        { method: 'POST', body: { deviceSecret: deviceSecret(), token } },
      )
    : undefined;

/** How many Telegram chats this device has linked; nothing to ask for a device that never linked one. */
export const fetchDeviceChats = (signal?: AbortSignal) =>
  callApi(
    '/api/telegram/device',
    schemas().then((module) => module.deviceChatsResponseSchema),
    { method: 'POST', body: { deviceSecret: deviceSecret() }, signal },
  );

export async function unlinkAllChats() {
  const result = await callApi(
    '/api/telegram/unlink-all',
    schemas().then((module) => module.unlinkAllResponseSchema),
    { method: 'POST', body: { deviceSecret: deviceSecret() } },
  );
  if (result.ok) {
    try {
      localStorage.setItem(DEVICE_KEY, result.data.deviceSecret);
    } catch {
      // Private mode without storage: the next page makes a secret of its own.
    }
  }
  return result;
}
