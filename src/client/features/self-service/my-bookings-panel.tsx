import { useId, useRef } from 'react';
import { bikeLine } from '../../../domain/booking/bike-lanes';
import type { CardBooking, MyBooking } from '../../../domain/booking/my-bookings';
import type { OwnBooking } from '../../../domain/schemas/own-booking';
import { messages } from '../../../domain/text/messages';
import { formatIndonesianDate } from '../../../domain/time/clock';
import { buttonStyles } from '../../components/button-styles';
import { ConfirmCancelDialog } from '../../components/confirm-cancel-dialog';
import { KeyInfoLines, useKeyInfo } from '../../components/key-info';
import { LinkedChats } from '../../components/linked-chats';
import { PushButton } from '../../components/push-button';
import { TelegramLinkButton } from '../../components/telegram-link-button';
import { HandoverActions } from './handover-actions';
import type { CardClock } from './late-line';
import { useMyBookings } from './use-my-bookings';

interface ItemProps {
  entry: CardBooking;
  own: OwnBooking | undefined;
  onCancel: (booking: MyBooking) => void;
  onRecorded: (booking: OwnBooking) => void;
  clock: CardClock | undefined;
}

/** One booking on the card: when, its `Batalkan` (only before a pickup, 0051), what happened to it, and its handover. */
function MyBookingItem({ entry: { booking, upcoming, asksHandover }, own, onCancel, onRecorded, clock }: ItemProps) {
  const cancellation = own?.status === 'cancelled' ? own.cancellation : null;
  const cancellable = upcoming && own?.status !== 'cancelled' && (own === undefined || own.handover.stage === 'booked');
  const when = `${formatIndonesianDate(booking.date)}, ${booking.start} - ${booking.end}`;
  return (
    <li className="py-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span>
          {formatIndonesianDate(booking.date)}, <span className="tabular-nums">{`${booking.start} - ${booking.end}`}</span>
        </span>
        {cancellable && (
          <button
            type="button"
            className={buttonStyles.secondary}
            aria-label={`${messages.cancelBooking} ${when}`}
            onClick={() => onCancel(booking)}
          >
            {messages.cancelBooking}
          </button>
        )}
      </div>
      {own?.motor && <p className="mt-1">{bikeLine(own.motor)}</p>}
      {cancellation && <p className="mt-1 font-medium text-red-800">{messages.cancelledByWhom(cancellation.by, cancellation.reason)}</p>}
      {own?.notice && (
        <p className="mt-1 font-medium text-amber-900">
          {own.notice.text}
          {own.notice.link && (
            <>
              {' '}
              <a className="underline" href={own.notice.link.href}>
                {own.notice.link.label}
              </a>
            </>
          )}
        </p>
      )}
      {own && asksHandover && !cancellation && (
        <HandoverActions token={booking.token} booking={own} describe={when} onRecorded={onRecorded} clock={clock} />
      )}
    </li>
  );
}

/** `onChanged`: a booking was cancelled or its bike returned, so the schedule beside the card is out of date. */
export function MyBookingsPanel({ onChanged }: { onChanged: () => void }) {
  const { handovers, asking, setAsking, busy, notice, confirm, recorded, shown, clock } = useMyBookings(onChanged);
  // Any standing booking's secret proves this device may be told where the key is.
  const standing = shown.find((entry) => handovers[entry.booking.token]?.status !== 'cancelled');
  const keyInfo = useKeyInfo(standing?.booking.token);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();

  if (shown.length === 0 && !notice) return null;
  return (
    <section aria-labelledby={titleId} className="mt-6 rounded-lg border border-blue-200 bg-blue-50 p-4">
      <h2 id={titleId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold">
        {messages.myBookingsTitle}
      </h2>
      {shown.length > 0 && (
        <ul className="mt-2 divide-y divide-blue-200">
          {shown.map((entry) => (
            <MyBookingItem
              key={entry.booking.token}
              entry={entry}
              own={handovers[entry.booking.token] ?? undefined}
              onCancel={setAsking}
              onRecorded={recorded(entry.booking.token)}
              clock={clock}
            />
          ))}
        </ul>
      )}
      {standing && <KeyInfoLines info={keyInfo} className="mt-2" />}
      {shown.length > 0 && <TelegramLinkButton tokens={shown.map((entry) => entry.booking.token)} />}
      {shown.length > 0 && <PushButton tokens={shown.map((entry) => entry.booking.token)} />}
      {shown.length > 0 && <LinkedChats />}
      <p role="status" className={`mt-2 text-sm font-medium empty:hidden ${notice?.failed ? 'text-red-800' : 'text-slate-800'}`}>
        {notice?.text ?? ''}
      </p>
      <ConfirmCancelDialog
        booking={asking && { ...asking, motor: handovers[asking.token]?.motor }}
        busy={busy}
        onConfirm={confirm}
        onClose={() => setAsking(undefined)}
        finalFocus={headingRef}
      />
    </section>
  );
}
