import type { DayBooking } from '../../../domain/schemas/bookings';
import { messages } from '../../../domain/text/messages';

const COLUMNS = [
  { label: messages.columnStart, width: 'w-[22%]' },
  { label: messages.columnEnd, width: 'w-[22%]' },
  { label: messages.columnName, width: '' },
  { label: messages.columnClass, width: 'w-[24%]' },
];

export function DayBookingsTable({ caption, bookings }: { caption: string; bookings: DayBooking[] }) {
  return (
    // A container (styles.css: .day-table): with large text the four columns become a card per booking.
    <div className="day-table">
      <table className="w-full table-fixed border-collapse overflow-hidden rounded-lg bg-white text-left shadow-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100 text-sm text-slate-700">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column.label} scope="col" className={`${column.width} px-2 py-2 sm:px-4`}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {bookings.map((booking) => (
            <tr key={`${booking.start}-${booking.end}-${booking.name}`} className="border-t border-slate-200 align-top">
              <td data-label={messages.columnStart} className="px-2 py-1.5 whitespace-nowrap tabular-nums sm:px-4">
                {booking.start}
                {booking.continuesFromPreviousDay && (
                  <span className="block text-xs text-slate-600">{messages.continuesFromPreviousDay}</span>
                )}
              </td>
              <td data-label={messages.columnEnd} className="px-2 py-1.5 whitespace-nowrap tabular-nums sm:px-4">
                {booking.end}
                {booking.continuesNextDay && <span className="block text-xs text-slate-600">{messages.continuesNextDay}</span>}
              </td>
              <td data-label={messages.columnName} className="px-2 py-1.5 break-words sm:px-4">
                {booking.name}
              </td>
              <td data-label={messages.columnClass} className="px-2 py-1.5 break-words sm:px-4">
                {booking.class}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
