import type { CreatedBooking } from '../schemas/bookings';
import type { BookingInput, FieldErrors } from './booking-rules';

/** What the booking service is asked, by the form's POST and by a waiting list's `Ambil`. */
export interface BookingRequest {
  input: BookingInput;
  ip: string;
  idempotencyKey: string | undefined;
  today: string;
  now: Date;
  /** The waiting list's offer this booking takes: it may enter that offer's hold (issue 26). */
  offerId?: number | undefined;
}

export type BookingOutcome =
  | { kind: 'created'; booking: CreatedBooking; cancelToken: string }
  | { kind: 'rejected'; errors: FieldErrors }
  | { kind: 'replayed'; status: number; body: unknown }
  | { kind: 'key-reused' }
  | { kind: 'limited'; retryAfterMs: number }
  | { kind: 'busy' };
