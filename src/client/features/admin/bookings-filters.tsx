import { adminMessages } from '../../../domain/admin/admin-messages';
import { bikeMessages } from '../../../domain/motor/bike-messages';
import { bikeNameMessages } from '../../../domain/motor/bike-name-messages';
import { bookingsCsvPath } from './api';
import { useShownBikes } from './bookings-bikes';
import { adminStyles } from './styles';
import { type BookingFiltersState, withFilter } from './use-admin-bookings';

/** The range's two dates, the bike (with two or more), `Terlambat` only, the cancelled ones shown or not, and the range as CSV. */
export function BookingFilters({
  id,
  filters: { range, lateOnly, motor, showCancelled, setShowCancelled, changeRange, changeLateOnly, changeMotor },
}: {
  id: string;
  filters: BookingFiltersState;
}) {
  const bikes = useShownBikes();
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
      {bikes.length > 0 && (
        <div>
          <label htmlFor={`${id}-motor`} className={adminStyles.label}>
            {bikeMessages.label}
          </label>
          <select id={`${id}-motor`} value={motor} onChange={(event) => changeMotor(event.target.value)} className={adminStyles.input}>
            <option value="">{bikeNameMessages.everyBike}</option>
            {bikes.map((bike) => (
              <option key={bike.id} value={String(bike.id)}>
                {bike.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" checked={lateOnly} onChange={(event) => changeLateOnly(event.target.checked)} className="size-5" />
        {adminMessages.lateOnly}
      </label>
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" checked={showCancelled} onChange={(event) => setShowCancelled(event.target.checked)} className="size-5" />
        {adminMessages.showCancelled}
      </label>
      <a href={bookingsCsvPath(withFilter(range, lateOnly, motor))} download className={adminStyles.smallButton}>
        {adminMessages.downloadCsv}
      </a>
    </div>
  );
}
