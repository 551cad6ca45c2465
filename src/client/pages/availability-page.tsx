import { type ComponentType, lazy, Suspense, useId, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { bookingFormPath } from '../../domain/booking/client-routes';
import { firstBookableMinute, gapFillHours, nowStatus, type ScheduleNow } from '../../domain/booking/day-timeline';
import { type DateWindow, isInWindow } from '../../domain/booking/schedule-window';
import type { TodayResponse } from '../../domain/schemas/bookings';
import { messages } from '../../domain/text/messages';
import { addDays, formatIndonesianDate, isCalendarDate, localMomentIn, startOfWeek } from '../../domain/time/clock';
import { buttonStyles } from '../components/button-styles';
import { DocumentHead } from '../components/document-head';
import { PageHeading } from '../components/page-heading';
import type { BikeDayProps } from '../features/availability/bike-day';
import { DayTimeline } from '../features/availability/day-timeline';
import { NowStatus } from '../features/availability/now-status';
import { useAppNow } from '../features/availability/use-app-now';
import { type Availability, useAvailability } from '../features/availability/use-availability';
import { useDateInput } from '../features/availability/use-date-input';
import { WeekStrip } from '../features/availability/week-strip';
import { WaitButton } from '../features/waiting-list/wait-button';
import { readLastBorrowerClass } from '../lib/remembered-borrower';
import { useOnline } from '../lib/use-online';

// Below the day's scrolled timeline, out of the first paint: their code is out of the first load (0051).
const belowTimeline = () => import('./availability-below-timeline');
const DayBookingsTable = lazy(() => belowTimeline().then((module) => ({ default: module.DayBookingsTable })));
const CalendarSubscribeLink = lazy(() => belowTimeline().then((module) => ({ default: module.CalendarSubscribeLink })));
const MyBookingsCard = lazy(() => belowTimeline().then((module) => ({ default: module.MyBookingsCard })));
const MyBookingsPanel = lazy(() =>
  import('../features/self-service/my-bookings-panel').then((module) => ({ default: module.MyBookingsPanel })),
);
const offerPress = () => import('../features/self-service/offer-press');
const BikeDay = lazy(() => import('../features/availability/bike-day'));

type BikeParts = { [Day in BikeDayProps as Day['part']]: Day };

/** `one` as it is, or with two or more bikes (0060) once per bike, by a chunk loaded only then. */
function perBike<Part extends keyof BikeParts>(
  part: Part,
  one: BikeParts[Part]['one'],
  clock: TodayResponse | undefined,
  props: BikeParts[Part]['props'],
) {
  const One = one as ComponentType<typeof props>;
  return clock?.bikes ? (
    <Suspense fallback={null}>
      <BikeDay {...({ part, one, bikes: clock.bikes, byBike: clock.outOfServiceByBike, props } as BikeDayProps)} />
    </Suspense>
  ) : (
    <One {...props} />
  );
}

/** The phone's own zone: "last updated" is read against the clock the student sees. */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The offline notice, or what the bike is doing now. */
function scheduleNotice(data: Availability | undefined, now: ScheduleNow | undefined) {
  return data?.keptFrom ? (
    // Offline, what is shown is the last schedule loaded; "now" cannot be told from it.
    <p role="status" className="mt-3 rounded-lg border-l-8 border-amber-600 bg-amber-50 px-4 py-3 font-medium text-amber-950">
      {messages.offlineSchedule(localMomentIn(browserTimeZone(), data.keptFrom).time)}
    </p>
  ) : (
    data &&
      now &&
      perBike('status', NowStatus, data.clock, {
        todayBookings: data.today,
        loansOut: data.clock.loansOut,
        now,
        outOfService: data.clock.outOfService.now,
      })
  );
}

/** Offline a booking cannot be sent: the button says so rather than opening a form refused at `Simpan`. */
function BookButton({ formDate, online }: { formDate: string; online: boolean }) {
  const style = `${buttonStyles.primary} mt-3 w-full sm:w-auto`;
  return online ? (
    <Link to={bookingFormPath(formDate)} className={style}>
      {messages.bookTheBike}
    </Link>
  ) : (
    <>
      <button type="button" disabled className={style}>
        {messages.bookTheBike}
      </button>
      <p className="mt-1 font-medium">{messages.bookingNeedsInternet}</p>
    </>
  );
}

interface DayScheduleProps {
  availability: ReturnType<typeof useAvailability>;
  data: Availability | undefined;
  shownDate: string | undefined;
  inputValue: string;
  outsideWindow: DateWindow | undefined;
  bookableFrom: number | undefined;
  now: ScheduleNow | undefined;
  online: boolean;
}

/** The day shown: its heading, then its timeline and bookings, or why there are none to show. */
function DaySchedule({ availability, data, shownDate, inputValue, outsideWindow, bookableFrom, now, online }: DayScheduleProps) {
  const bookings = data && shownDate ? data.week.get(shownDate) : undefined;
  const [fillHours] = useState(() => gapFillHours(readLastBorrowerClass()));
  return (
    <section className="mt-6">
      {shownDate && <h2 className="mb-3 text-lg font-semibold">{formatIndonesianDate(shownDate)}</h2>}
      {availability.status === 'failed' ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          <p>{messages.availabilityLoadFailed}</p>
          <button type="button" className={buttonStyles.secondary} onClick={availability.retry}>
            {messages.retry}
          </button>
        </div>
      ) : outsideWindow ? (
        <p role="status" className="rounded-lg bg-white p-4 shadow-sm">
          {messages.scheduleOutsideWindow(formatIndonesianDate(outsideWindow.from), formatIndonesianDate(outsideWindow.to))}
        </p>
      ) : !shownDate && inputValue === '' && data ? (
        <p className="rounded-lg bg-white p-4 shadow-sm">{messages.pickDate}</p>
      ) : shownDate && bookings ? (
        <div className="flex flex-col gap-6">
          {perBike('lanes', DayTimeline, data?.clock, {
            date: shownDate,
            bookings,
            bookableFrom,
            fillHours,
            offline: !online,
            now,
            unavailable: data?.clock.outOfService.days[shownDate],
            waitAction: data?.clock.waitingList ? (block) => <WaitButton {...block} /> : undefined,
            today: data?.today,
            loansOut: data?.clock.loansOut,
          })}
          {bookings.length === 0 ? (
            <p role="status" className="rounded-lg bg-white p-4 shadow-sm">
              {messages.noBookingsOn(formatIndonesianDate(shownDate))}
            </p>
          ) : (
            <Suspense fallback={null}>
              <DayBookingsTable
                caption={messages.bookingsOn(formatIndonesianDate(shownDate))}
                bookings={bookings}
                bikes={data?.clock.bikes}
              />
            </Suspense>
          )}
        </div>
      ) : (
        <p role="status" className="text-slate-700">
          {messages.availabilityLoading}
        </p>
      )}
    </section>
  );
}

// The day is in the URL (`?tanggal=`) so that a link to a day can be shared.
export function AvailabilityPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tanggal') ?? '';
  const requestedDate = isCalendarDate(requested) ? requested : undefined;
  const availability = useAvailability(requestedDate);
  const data = availability.status === 'ready' ? availability.data : undefined;
  const now = useAppNow(data?.clock, data?.clockReceivedAt);
  const date = requestedDate ?? data?.clock.today;
  const dateInputId = useId();
  const [inputValue, pick, onDateChange] = useDateInput(date, (value) => setSearchParams({ tanggal: value }));

  // An emptied field shows no day at all, rather than the previous one under its heading.
  const shownDate = inputValue === '' ? undefined : date;
  const window = data?.clock.window;
  const outsideWindow = window && shownDate && !isInWindow(shownDate, window) ? window : undefined;
  const today = now?.today ?? data?.clock.today;
  const scheduleNow = data && now ? { date: now.today, minutes: now.minutes, graceMinutes: data.clock.returnGraceMinutes } : undefined;
  const loanLate = scheduleNow !== undefined && nowStatus(data?.today ?? [], scheduleNow, data?.clock.loansOut).kind === 'late';
  const bookableFrom =
    !shownDate || !today ? undefined : firstBookableMinute(shownDate, { date: today, minutes: now?.minutes ?? 0 }, loanLate);
  // The form opens on the day shown, unless that day can no longer be booked.
  const formDate = shownDate && today && shownDate >= today && !outsideWindow ? shownDate : today;
  const online = useOnline();

  return (
    <>
      <DocumentHead page={messages.availabilityTitle} />
      <PageHeading>{messages.availabilityTitle}</PageHeading>
      {scheduleNotice(data, scheduleNow)}
      {formDate && <BookButton formDate={formDate} online={online} />}
      {/* Kept on screen while another week loads, so the page does not jump. */}
      {date &&
        perBike('week', WeekStrip, data?.clock, {
          weekStart: startOfWeek(date),
          chosen: shownDate,
          week: data?.weekStart === startOfWeek(date) ? data.week : undefined,
          window,
          onPick: pick,
          unavailable: data?.clock.outOfService.days,
        })}
      <div className="mt-4 flex flex-col gap-1">
        <label htmlFor={dateInputId} className="font-medium">
          {messages.availabilityDateLabel}
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            id={dateInputId}
            type="date"
            value={inputValue}
            min={window?.from}
            max={window?.to}
            onChange={(event) => onDateChange(event.target.value)}
            className="min-h-11 w-full max-w-xs min-w-28 flex-1 rounded-md border border-slate-400 bg-white px-3"
          />
          <button type="button" className={`${buttonStyles.secondary} px-3`} disabled={!today} onClick={() => today && pick(today)}>
            {messages.goToday}
          </button>
          <button
            type="button"
            className={`${buttonStyles.secondary} px-3`}
            disabled={!today || (window && !isInWindow(addDays(today, 1), window))}
            onClick={() => today && pick(addDays(today, 1))}
          >
            {messages.goTomorrow}
          </button>
        </div>
      </div>
      <Suspense fallback={null}>
        <MyBookingsCard onChanged={availability.retry} Panel={MyBookingsPanel} offers={offerPress} />
      </Suspense>
      <DaySchedule
        availability={availability}
        data={data}
        shownDate={shownDate}
        inputValue={inputValue}
        outsideWindow={outsideWindow}
        bookableFrom={bookableFrom}
        now={scheduleNow}
        online={online}
      />
      <Suspense fallback={null}>
        <CalendarSubscribeLink />
      </Suspense>
    </>
  );
}
