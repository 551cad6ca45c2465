import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatIndonesianDate, isCalendarDate, localMomentIn } from '../../domain/clock';
import { messages } from '../../domain/messages';
import { buttonStyles } from '../components/button-styles';
import { fetchDayBookings, fetchToday } from '../features/booking/api';
import { DayBookingsTable } from '../features/booking/day-bookings-table';
import { useFetch } from '../lib/use-fetch';

/** The day in the URL (`?tanggal=YYYY-MM-DD`) so a link to a day can be shared; without one, today in the app's zone. */
export function AvailabilityPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tanggal') ?? '';
  const requestedDate = isCalendarDate(requested) ? requested : undefined;
  const today = useFetch(requestedDate ? undefined : 'today', (_key, signal) => fetchToday(signal));
  const date = requestedDate ?? (today.status === 'ready' ? today.data.today : undefined);
  const day = useFetch(date, fetchDayBookings);
  const dateInputId = useId();

  // The input may hold a half-typed date; it follows the URL whenever the chosen day changes.
  const [inputValue, setInputValue] = useState(date ?? '');
  useEffect(() => {
    if (date) setInputValue(date);
  }, [date]);

  const onDateChange = (value: string) => {
    setInputValue(value);
    // While a year is typed digit by digit the input reports 0002, 0020, 0202: not days to show.
    const halfTypedYear = value.startsWith('0');
    if (isCalendarDate(value) && !halfTypedYear && value !== date) setSearchParams({ tanggal: value });
  };

  const failed = day.status === 'failed' || today.status === 'failed';
  const retry = day.status === 'failed' ? day.retry : today.retry;

  return (
    <>
      <title>{`${messages.availabilityTitle} · ${messages.appName}`}</title>
      <h1 className="text-2xl font-bold">{messages.availabilityTitle}</h1>
      <div className="mt-4 flex flex-col gap-1">
        <label htmlFor={dateInputId} className="font-medium">
          {messages.availabilityDateLabel}
        </label>
        <input
          id={dateInputId}
          type="date"
          value={inputValue}
          onChange={(event) => onDateChange(event.target.value)}
          className="min-h-11 w-full max-w-xs rounded-md border border-slate-400 bg-white px-3"
        />
      </div>
      <section className="mt-6">
        {day.status === 'ready' && day.data.keptFrom && (
          <p role="status" className="mb-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
            {messages.offlineSchedule(localMomentIn(browserTimeZone(), day.data.keptFrom).time)}
          </p>
        )}
        {date && <h2 className="mb-3 text-lg font-semibold">{formatIndonesianDate(date)}</h2>}
        {failed ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
            <p>{messages.availabilityLoadFailed}</p>
            <button type="button" className={buttonStyles.secondary} onClick={retry}>
              {messages.retry}
            </button>
          </div>
        ) : day.status === 'ready' ? (
          day.data.day.bookings.length === 0 ? (
            <p role="status" className="rounded-lg bg-white p-4 shadow-sm">
              {messages.noBookingsOn(formatIndonesianDate(day.data.day.date))}
            </p>
          ) : (
            <DayBookingsTable caption={messages.bookingsOn(formatIndonesianDate(day.data.day.date))} bookings={day.data.day.bookings} />
          )
        ) : (
          <p role="status" className="text-slate-700">
            {messages.availabilityLoading}
          </p>
        )}
      </section>
    </>
  );
}

/** The phone's own zone: "last updated" is read against the clock the student sees. */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
