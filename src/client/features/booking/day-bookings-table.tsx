import { bikeNameOf } from '../../../domain/booking/bikes-shown';
import { bikeMessages } from '../../../domain/motor/bike-messages';
import type { DayBooking, ShownBike } from '../../../domain/schemas/bookings';
import { messages } from '../../../domain/text/messages';

const COLUMNS = [
  { label: messages.columnStart, width: 'w-[22%]' },
  { label: messages.columnEnd, width: 'w-[22%]' },
  { label: messages.columnName, width: '' },
  { label: messages.columnClass, width: 'w-[24%]' },
];

const BIKE_COLUMNS = [
  { label: messages.columnStart, width: 'w-[19%]' },
  { label: messages.columnEnd, width: 'w-[19%]' },
  { label: bikeMessages.label, width: '' },
  { label: messages.columnName, width: '' },
  { label: messages.columnClass, width: 'w-[21%]' },
];

// Five columns split names mid-word on a phone: below 30em each booking is a card, as four are with large text (styles.css).
const CARDS = {
  block: '@max-[30em]:block',
  head: '@max-[30em]:sr-only',
  row: '@max-[30em]:block @max-[30em]:px-3 @max-[30em]:py-2',
  cell: "@max-[30em]:block @max-[30em]:p-0 @max-[30em]:before:font-medium @max-[30em]:before:content-[attr(data-label)_':_'_/_'']",
};

export function DayBookingsTable({
  caption,
  bookings,
  bikes,
}: {
  caption: string;
  bookings: DayBooking[];
  bikes?: ShownBike[] | undefined;
}) {
  const cards = (base: string, part: keyof typeof CARDS) => (bikes ? `${base} ${CARDS[part]}` : base);
  const cell = (base: string) => cards(`px-2 py-1.5 ${base} sm:px-4`, 'cell');
  return (
    // A container (styles.css: .day-table): with large text the four columns become a card per booking.
    <div className="day-table">
      <table className={cards('w-full table-fixed border-collapse overflow-hidden rounded-lg bg-white text-left shadow-sm', 'block')}>
        <caption className="sr-only">{caption}</caption>
        <thead className={cards('bg-slate-100 text-sm text-slate-700', 'head')}>
          <tr>
            {(bikes ? BIKE_COLUMNS : COLUMNS).map((column) => (
              <th key={column.label} scope="col" className={`${column.width} px-2 py-2 sm:px-4`}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={bikes && CARDS.block}>
          {bookings.map((booking) => (
            <tr
              key={`${booking.start}-${booking.end}-${booking.name}-${booking.motorId}`}
              className={cards('border-t border-slate-200 align-top', 'row')}
            >
              <td data-label={messages.columnStart} className={cell('whitespace-nowrap tabular-nums')}>
                {booking.start}
                {booking.continuesFromPreviousDay && (
                  <span className="block text-xs text-slate-600">{messages.continuesFromPreviousDay}</span>
                )}
              </td>
              <td data-label={messages.columnEnd} className={cell('whitespace-nowrap tabular-nums')}>
                {booking.end}
                {booking.continuesNextDay && <span className="block text-xs text-slate-600">{messages.continuesNextDay}</span>}
              </td>
              {bikes && (
                <td data-label={bikeMessages.label} className={cell('break-words')}>
                  {bikeNameOf(bikes, booking)}
                </td>
              )}
              <td data-label={messages.columnName} className={cell('break-words')}>
                {booking.name}
              </td>
              <td data-label={messages.columnClass} className={cell('break-words')}>
                {booking.class}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
