import { adminMessages } from '../../../domain/admin/admin-messages';
import { bookingsCsvPath } from './api';
import { adminStyles } from './styles';
import { type BookingFiltersState, withFilter } from './use-admin-bookings';

/** The range's two dates, `Terlambat` only, the cancelled ones shown or not, and the range as CSV. */
export function BookingFilters({
  id,
  filters: { range, lateOnly, showCancelled, setShowCancelled, changeRange, changeLateOnly },
}: {
  id: string;
  filters: BookingFiltersState;
}) {
  return (
    <div className="flex flex-wrap items-end gap-4">
      {(['from', 'to'] as const).map((field) => (
        <div key={field}>
          <label htmlFor={`${id}-${field}`} className={adminStyles.label}>
            {field === 'from' ? adminMessages.rangeFrom : adminMessages.rangeTo}
          </label>
          <input
            id={`${id}-${field}`}
            type="date"
            value={range[field]}
            onChange={(event) => changeRange(field, event.target.value)}
            className={adminStyles.input}
          />
        </div>
      ))}
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" checked={lateOnly} onChange={(event) => changeLateOnly(event.target.checked)} className="size-5" />
        {adminMessages.lateOnly}
      </label>
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" checked={showCancelled} onChange={(event) => setShowCancelled(event.target.checked)} className="size-5" />
        {adminMessages.showCancelled}
      </label>
      <a href={bookingsCsvPath(withFilter(range, lateOnly))} download className={adminStyles.smallButton}>
        {adminMessages.downloadCsv}
      </a>
    </div>
  );
}
