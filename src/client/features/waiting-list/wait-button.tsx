import { lazy, Suspense, useRef, useState } from 'react';
import { formatDayMinute } from '../../../domain/booking/day-timeline';
import { messages } from '../../../domain/text/messages';
import { buttonStyles } from '../../components/button-styles';

// Loaded on the first press: only the button's label is part of the first load of `/`.
const WaitDialog = lazy(() => import('./wait-dialog'));

/** `Kabari saya kalau kosong` on a booked block, named with the block's hours among several. */
export function WaitButton({ date, from, to, motorId }: { date: string; from: number; to: number; motorId?: number }) {
  // Undefined until the first press; kept mounted after it, so closing returns the focus here.
  const [open, setOpen] = useState<boolean>();
  const ref = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={ref}
        type="button"
        className={`${buttonStyles.secondary} mt-2 px-3 text-sm`}
        aria-label={`${messages.borrowerChat.waitButton} ${formatDayMinute(from)} - ${formatDayMinute(to)}`}
        onClick={() => setOpen(true)}
      >
        {messages.borrowerChat.waitButton}
      </button>
      {open !== undefined && (
        <Suspense fallback={null}>
          <WaitDialog date={date} from={from} to={to} motorId={motorId} open={open} onClose={() => setOpen(false)} finalFocus={ref} />
        </Suspense>
      )}
    </>
  );
}
