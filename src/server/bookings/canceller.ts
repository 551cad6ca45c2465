import { cancellerLabel } from '../../domain/booking/cancellation';
import type { BookingCancelled } from '../events/events';

/** Who cancelled, as the owner's and the borrower's messages name them. */
export function cancellerOf(event: BookingCancelled): string {
  return cancellerLabel(event.by.kind, event.by.kind === 'admin' ? event.by.name : null);
}
