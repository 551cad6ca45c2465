import type { RefObject } from 'react';
import { useNavigate } from 'react-router';
import type { CreatedBooking } from '../../../domain/booking-schemas';
import { formatIndonesianDate } from '../../../domain/clock';
import { messages } from '../../../domain/messages';
import { buttonStyles } from '../../components/button-styles';
import { Dialog } from '../../components/dialog';

interface SuccessDialogProps {
  booking: CreatedBooking | undefined;
  onClose: () => void;
  finalFocus: RefObject<HTMLElement | null>;
}

/** 'Yey Berhasil': the loan is recorded; Lanjut shows the booked day's schedule. */
export function SuccessDialog({ booking, onClose, finalFocus }: SuccessDialogProps) {
  const navigate = useNavigate();
  return (
    <Dialog open={booking !== undefined} title={messages.successTitle} onClose={onClose} finalFocus={finalFocus}>
      {booking && <p className="mt-3">{messages.bookingRecorded(formatIndonesianDate(booking.date), booking.start, booking.end)}</p>}
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
