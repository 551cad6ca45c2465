import { type RefObject, useEffect } from 'react';
import { bikeLine } from '../../../domain/booking/bike-lanes';
import { normalizeVoucherCode } from '../../../domain/booking/voucher-code';
import type { CreatedBooking } from '../../../domain/schemas/bookings';
import { messages } from '../../../domain/text/messages';
import { formatIndonesianDate } from '../../../domain/time/clock';
import { buttonStyles } from '../../components/button-styles';
import { CancelLinkActions } from '../../components/cancel-link-actions';
import { Dialog } from '../../components/dialog';
import { KeyInfoLines, useKeyInfo } from '../../components/key-info';
import { PushButton } from '../../components/push-button';
import { TelegramLinkButton } from '../../components/telegram-link-button';
import { linkNewBooking } from '../../lib/borrower-chat-api';
import { useNavigate } from '../../lib/navigation';

interface SuccessDialogProps {
  created: { booking: CreatedBooking; cancelToken: string } | undefined;
  onClose: () => void;
  finalFocus: RefObject<HTMLElement | null>;
}

export function SuccessDialog({ created, onClose, finalFocus }: SuccessDialogProps) {
  const navigate = useNavigate();
  const booking = created?.booking;
  const token = created?.cancelToken;
  const keyInfo = useKeyInfo(token);
  // A device that linked a chat before keeps its link: its new booking joins it.
  useEffect(() => {
    if (token !== undefined) void linkNewBooking(token);
  }, [token]);
  return (
    <Dialog open={booking !== undefined} title={messages.successTitle} onClose={onClose} finalFocus={finalFocus}>
      {/* Scrolls on its own under large text, so the title above and Lanjut below stay in view (issue 42). */}
      <div className="max-h-[calc(100dvh-14rem)] overflow-y-auto">
        {booking && <p className="mt-3">{messages.bookingRecorded(formatIndonesianDate(booking.date), booking.start, booking.end)}</p>}
        {booking?.motor && <p className="mt-2 font-medium">{bikeLine(booking.motor)}</p>}
        {booking?.usedVoucher && <p className="mt-2 font-medium">{messages.voucherSpent(normalizeVoucherCode(booking.reason))}</p>}
        <KeyInfoLines info={keyInfo} className="mt-3" />
        {created && <CancelLinkActions cancelToken={created.cancelToken} />}
        {created && <TelegramLinkButton tokens={[created.cancelToken]} />}
        {created && <PushButton tokens={[created.cancelToken]} />}
      </div>
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
