import type { RefObject } from 'react';
import type { Wait } from '../../../domain/schemas/waiting-list';
import { messages } from '../../../domain/text/messages';
import { formatIndonesianDate } from '../../../domain/time/clock';
import { waitingListMessages } from '../../../domain/waiting-list/waiting-list-messages';
import { buttonStyles } from '../../components/button-styles';
import { Dialog } from '../../components/dialog';
import { PushButton } from '../../components/push-button';
import { TelegramLinkButton } from '../../components/telegram-link-button';
import { useWaitDialog } from './use-wait-dialog';
import { WaitForm } from './wait-form';

export interface WaitDialogProps {
  date: string;
  /** The booked block, in minutes of `date` (`to` may be 1440, the day's end). */
  from: number;
  to: number;
  motorId?: number;
  open: boolean;
  onClose: () => void;
  finalFocus: RefObject<HTMLElement | null>;
}

function WaitList({ waits }: { waits: Wait[] }) {
  return (
    <div className="mt-4">
      <p className="font-medium">{waitingListMessages.yourWaits}</p>
      <ul className="mt-1 list-disc pl-5">
        {waits.map((wait, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: one span may be asked twice; the list only grows at its end or is replaced whole
          <li key={`${index}-${wait.date}-${wait.start}`}>
            {formatIndonesianDate(wait.date)}, <span className="tabular-nums">{`${wait.start} - ${wait.end}`}</span> ({wait.name})
            {waitingListMessages.bikeOfWait(wait.motor)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** `Kabari saya kalau kosong` for one booked block: the link first when this device has no chat, then the wanted span. */
export default function WaitDialog({ date, from, to, motorId, open, onClose, finalFocus }: WaitDialogProps) {
  const wait = useWaitDialog({ date, from, to, motorId, open });
  const { phase, waits, notice, noticeRef, linkRef, tokens } = wait;

  return (
    <Dialog open={open} title={waitingListMessages.title} onClose={onClose} finalFocus={finalFocus}>
      <p className="mt-3">{waitingListMessages.intro}</p>
      {phase === 'loading' && <p className="mt-3 text-slate-700">{messages.loading}</p>}
      {phase === 'link' && (
        // Linking needs a booking of this device to prove it.
        <div ref={linkRef} tabIndex={-1} className="mt-3">
          <p className="font-medium">{tokens.length > 0 ? waitingListMessages.needsLink : waitingListMessages.needsBooking}</p>
          {tokens.length > 0 && <TelegramLinkButton tokens={tokens} />}
          <PushButton tokens={tokens} onSubscribed={wait.reload} />
        </div>
      )}
      {phase === 'form' && <WaitForm date={date} wait={wait} />}
      <p
        ref={noticeRef}
        tabIndex={-1}
        role="status"
        className={`mt-3 font-medium empty:hidden ${notice?.failed ? 'text-red-800' : 'text-slate-900'}`}
      >
        {notice?.text ?? ''}
      </p>
      {waits.length > 0 && <WaitList waits={waits} />}
      <div className="mt-6 flex justify-end">
        <button type="button" className={`${buttonStyles.secondary} w-full sm:w-auto`} onClick={onClose}>
          {waitingListMessages.close}
        </button>
      </div>
    </Dialog>
  );
}
