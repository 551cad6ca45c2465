import { useId, useState } from 'react';
import { cancelPagePath } from '../../domain/booking/cancel-token';
import { messages } from '../../domain/text/messages';
import { postForFile } from '../lib/http';
import { buttonStyles } from './button-styles';

// The download starts after click() returns: the object URL must outlive it (FileSaver.js waits 40 s).
const OBJECT_URL_LIFETIME_MS = 60_000;

function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}

export function CancelLinkActions({ cancelToken }: { cancelToken: string }) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const [calendarBusy, setCalendarBusy] = useState(false);
  const [calendarError, setCalendarError] = useState<string>();
  const linkId = useId();
  const link = `${window.location.origin}${cancelPagePath(cancelToken)}`;

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  // Fetched and saved from memory, not linked: a link's URL would carry the secret (0036).
  const addToCalendar = async () => {
    // Not disabled while busy: a disabled button would drop the keyboard focus.
    if (calendarBusy) return;
    setCalendarBusy(true);
    setCalendarError(undefined);
    const result = await postForFile('/api/bookings/by-token/ics', { token: cancelToken });
    setCalendarBusy(false);
    if (!result.ok) {
      setCalendarError(result.message);
      return;
    }
    saveFile(result.file, result.name ?? 'pinjam-motor.ics');
  };

  return (
    <div className="mt-4 flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row">
        <button type="button" className={buttonStyles.secondary} onClick={addToCalendar}>
          {messages.addToCalendar}
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={copyLink}>
          {messages.copyCancelLink}
        </button>
      </div>
      {calendarError && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {calendarError}
        </p>
      )}
      <p className="text-sm text-slate-700">{messages.cancelLinkHint}</p>
      <p role="status" className="text-sm font-medium text-slate-800 empty:hidden">
        {copy === 'copied' ? messages.cancelLinkCopied : ''}
      </p>
      {copy === 'failed' && (
        <div>
          <label htmlFor={linkId} className="text-sm font-medium text-red-800">
            {messages.cancelLinkCopyFailed}
          </label>
          <input
            id={linkId}
            readOnly
            value={link}
            onFocus={(event) => event.target.select()}
            className="mt-1 block min-h-11 w-full rounded-md border border-slate-400 bg-slate-50 px-3 font-mono text-sm"
          />
        </div>
      )}
    </div>
  );
}
