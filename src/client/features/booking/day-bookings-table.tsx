import { messages } from '../../../domain/messages';
import type { DayBooking } from '../../../domain/schemas/bookings';

const COLUMNS = [
  { label: messages.columnStart, width: 'w-[22%]' },
  { label: messages.columnEnd, width: 'w-[22%]' },
  { label: messages.columnName, width: '' },
  { label: messages.columnClass, width: 'w-[24%]' },
];

export function DayBookingsTable({ caption, bookings }: { caption: string; bookings: DayBooking[] }) {
  return (
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
            <td className="px-2 py-3 tabular-nums sm:px-4">
              {booking.start}
              {booking.continuesFromPreviousDay && (
                <span className="block text-xs text-slate-600">{messages.continuesFromPreviousDay}</span>
              )}
            </td>
            <td className="px-2 py-3 tabular-nums sm:px-4">
              {booking.end}
              {booking.continuesNextDay && <span className="block text-xs text-slate-600">{messages.continuesNextDay}</span>}
            </td>
            <td className="px-2 py-3 break-words sm:px-4">{booking.name}</td>
            <td className="px-2 py-3 break-words sm:px-4">{booking.class}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
