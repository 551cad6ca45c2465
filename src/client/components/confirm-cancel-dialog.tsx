import type { RefObject } from 'react';
import { bikeLine } from '../../domain/booking/bike-lanes';
import type { ShownBike } from '../../domain/schemas/bookings';
import { messages } from '../../domain/text/messages';
import { formatIndonesianDate } from '../../domain/time/clock';
import { buttonStyles } from './button-styles';
import { Dialog } from './dialog';

/** The one confirmation before a student cancels, on the card and on the private page alike. */
export function ConfirmCancelDialog({
  booking,
  busy,
  onConfirm,
  onClose,
  finalFocus,
}: {
  booking: { date: string; start: string; end: string; motor?: ShownBike | undefined } | undefined;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  finalFocus?: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog open={booking !== undefined} title={messages.cancelPageTitle} onClose={onClose} finalFocus={finalFocus}>
      {booking && <p className="mt-3">{messages.confirmCancel(formatIndonesianDate(booking.date), booking.start, booking.end)}</p>}
      {booking?.motor && <p className="mt-2 font-medium">{bikeLine(booking.motor)}</p>}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className={buttonStyles.secondary} onClick={onClose}>
          {messages.confirmCancelNo}
        </button>
        <button type="button" className={buttonStyles.danger} disabled={busy} onClick={onConfirm}>
          {busy ? messages.cancelling : messages.confirmCancelYes}
        </button>
      </div>
    </Dialog>
  );
}
