import { callApi } from './http';

const schemas = () => import('../../domain/motor/key-place');

/** Where the key is and the owner's WhatsApp, told to the holder of a booking's cancel secret (0051). */
export const fetchKeyInfo = (token: string, signal?: AbortSignal) =>
  callApi(
    '/api/motor/key',
    schemas().then((module) => module.keyInfoResponseSchema),
    { method: 'POST', body: { token }, signal },
  );
