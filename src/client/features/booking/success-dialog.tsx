import type { RefObject } from 'react';
import { formatIndonesianDate } from '../../../domain/clock';
import { messages } from '../../../domain/messages';
import type { CreatedBooking } from '../../../domain/schemas/bookings';
import { normalizeVoucherCode } from '../../../domain/voucher-code';
import { buttonStyles } from '../../components/button-styles';
import { CancelLinkActions } from '../../components/cancel-link-actions';
import { Dialog } from '../../components/dialog';
import { useNavigate } from '../../lib/navigation';

interface SuccessDialogProps {
  created: { booking: CreatedBooking; cancelToken: string } | undefined;
  onClose: () => void;
  finalFocus: RefObject<HTMLElement | null>;
}

export function SuccessDialog({ created, onClose, finalFocus }: SuccessDialogProps) {
  const navigate = useNavigate();
  const booking = created?.booking;
  return (
    <Dialog open={booking !== undefined} title={messages.successTitle} onClose={onClose} finalFocus={finalFocus}>
      {booking && <p className="mt-3">{messages.bookingRecorded(formatIndonesianDate(booking.date), booking.start, booking.end)}</p>}
      {booking?.usedVoucher && <p className="mt-2 font-medium">{messages.voucherSpent(normalizeVoucherCode(booking.reason))}</p>}
      {created && <CancelLinkActions cancelToken={created.cancelToken} />}
      <div className="mt-6 flex justify-end">
        <button
          type="button"
          className={`${buttonStyles.primary} w-full sm:w-auto`}
          onClick={() => navigate(`/?tanggal=${booking?.date ?? ''}`)}
        >
          {messages.continue}
        </button>
      </div>
    </Dialog>
  );
}
