import { useId } from 'react';
import { messages } from '../../../domain/text/messages';

export function CalendarSubscribeLink() {
  const hintId = useId();
  return (
    <p className="mt-6 text-sm text-slate-700">
      <a
        href="/kalender.ics"
        aria-describedby={hintId}
        className="inline-flex min-h-11 min-w-11 items-center font-semibold text-blue-800 underline underline-offset-2"
      >
        {messages.subscribeCalendar}
      </a>
      <span id={hintId} className="block">
        {messages.subscribeCalendarHint}
      </span>
    </p>
  );
}
