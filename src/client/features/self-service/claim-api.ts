import { z } from 'zod';
import { callApi } from '../../lib/http';

/** `Saya sudah bayar`: the booking's own secret in the body, as its other uses (docs/decisions/0036). */
export const claimPaid = (token: string) =>
  callApi('/api/bookings/charge-paid', z.object({ ok: z.literal(true), message: z.string() }), { method: 'POST', body: { token } });
