import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { MAX_NAME_LENGTH, MAX_REASON_LENGTH } from '../../../domain/booking/limits';
import { bookingFieldLabels } from '../../../domain/schemas/booking-requests';
import { MAX_TOKENS_PER_LOOKUP } from '../../../domain/schemas/own-booking';
import type { Wait } from '../../../domain/schemas/waiting-list';
import { messages } from '../../../domain/text/messages';
import { formatIndonesianDate, formatMinutes, MINUTES_PER_DAY } from '../../../domain/time/clock';
import { waitingListMessages } from '../../../domain/waiting-list/waiting-list-messages';
import { buttonStyles } from '../../components/button-styles';
import { Dialog } from '../../components/dialog';
import { TelegramLinkButton } from '../../components/telegram-link-button';
import { hasDeviceSecret } from '../../lib/borrower-chat-api';
import { readMyBookings } from '../../lib/device-storage';
import { readLastBorrowerName } from '../../lib/remembered-borrower';
import { createWait, fetchDeviceWaits } from '../../lib/waiting-list-api';

export interface WaitDialogProps {
  date: string;
  /** The booked block, in minutes of `date` (`to` may be 1440, the day's end). */
  from: number;
  to: number;
  open: boolean;
  onClose: () => void;
  finalFocus: RefObject<HTMLElement | null>;
}

type Phase = 'loading' | 'link' | 'form' | 'saved' | 'failed';
type Field = 'name' | 'date' | 'start' | 'end' | 'reason';
const FIELDS: Field[] = ['name', 'date', 'start', 'end', 'reason'];

const controlClass = (invalid: boolean, readOnly = false) =>
  `mt-1 block min-h-11 w-full rounded-md border px-3 py-2 ${readOnly ? 'bg-slate-100' : 'bg-white'} ${
    invalid ? 'border-red-700 ring-1 ring-red-700' : 'border-slate-400'
  }`;

/** `Kabari saya kalau kosong` for one booked block: the link first when this device has no chat, then the wanted span. */
export default function WaitDialog({ date, from, to, open, onClose, finalFocus }: WaitDialogProps) {
  const [phase, setPhase] = useState<Phase>('loading');
  const [waits, setWaits] = useState<Wait[]>([]);
  const [notice, setNotice] = useState<{ text: string; failed: boolean }>();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);
  // Read once: the card's bookings prove the device for its link code, the newest names the borrower.
  const [stored] = useState(() => readMyBookings());
  const [values, setValues] = useState(() => ({
    name: stored.at(-1)?.name ?? readLastBorrowerName(),
    start: formatMinutes(from),
    // The last time a day takes, as a free gap's link does.
    end: formatMinutes(Math.min(to, MINUTES_PER_DAY - 1)),
    reason: '',
  }));
  const fields = useRef<Partial<Record<Field, HTMLElement | null>>>({});
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const linkRef = useRef<HTMLDivElement>(null);
  const base = useId();
  const tokens = stored.slice(-MAX_TOKENS_PER_LOOKUP).map((booking) => booking.token);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const load = () => {
      // A device that never made a secret has no chat: asking the server would make one for nothing.
      if (!hasDeviceSecret()) {
        setPhase('link');
        return;
      }
      fetchDeviceWaits(controller.signal).then((result) => {
        if (controller.signal.aborted) return;
        if (!result.ok) {
          setNotice({ text: result.message, failed: true });
          setPhase((current) => (current === 'loading' ? 'failed' : current));
          return;
        }
        setWaits(result.data.waits);
        // Only a dialog still waiting for the link moves on: a form being filled stays as it is.
        setPhase((current) => (current === 'form' || current === 'saved' ? current : result.data.linked ? 'form' : 'link'));
        setNotice((current) => (current?.failed ? undefined : current));
      });
    };
    setPhase('loading');
    setNotice(undefined);
    load();
    // Back from Telegram after linking, the form is offered without reopening the dialog.
    const onVisible = () => {
      if (document.visibilityState === 'visible') load();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      controller.abort();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [open]);

  const setField = (field: Exclude<Field, 'date'>, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setNotice(undefined);
    const result = await createWait({ date, ...values });
    setSaving(false);
    if (result.ok) {
      setErrors({});
      const { wait } = result.data;
      // The form goes with the button that had the focus: it moves to what stays.
      flushSync(() => {
        setWaits((current) => [...current, wait]);
        setNotice({ text: waitingListMessages.saved(formatIndonesianDate(wait.date), wait.start, wait.end), failed: false });
        setPhase('saved');
      });
      noticeRef.current?.focus();
      return;
    }
    if (result.status === 409) {
      flushSync(() => setPhase('link'));
      linkRef.current?.focus();
      return;
    }
    const shown = Object.fromEntries(FIELDS.flatMap((field) => (result.errors[field] ? [[field, result.errors[field]]] : [])));
    // Rendered first, so the field is already described by its error when it gets the focus.
    flushSync(() => setErrors(shown));
    const first = FIELDS.find((field) => shown[field] !== undefined);
    if (first) fields.current[first]?.focus();
    else setNotice({ text: result.message, failed: true });
  };

  const errorId = (field: Field) => `${base}-${field}-error`;
  const a11y = (field: Field) => ({
    ref: (element: HTMLElement | null) => {
      fields.current[field] = element;
    },
    id: `${base}-${field}`,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? errorId(field) : undefined,
    className: controlClass(errors[field] !== undefined, field === 'date'),
  });
  const errorOf = (field: Field) =>
    errors[field] && (
      <p id={errorId(field)} className="mt-1 text-sm font-medium text-red-700">
        {errors[field]}
      </p>
    );
  const label = (field: Field) => (
    <label htmlFor={`${base}-${field}`} className="font-medium">
      {bookingFieldLabels[field]}
    </label>
  );

  return (
    <Dialog open={open} title={waitingListMessages.title} onClose={onClose} finalFocus={finalFocus}>
      <p className="mt-3">{waitingListMessages.intro}</p>
      {phase === 'loading' && <p className="mt-3 text-slate-700">{messages.loading}</p>}
      {phase === 'link' && (
        // Linking needs a booking of this device to prove it.
        <div ref={linkRef} tabIndex={-1} className="mt-3">
          <p className="font-medium">{tokens.length > 0 ? waitingListMessages.needsLink : waitingListMessages.needsBooking}</p>
          {tokens.length > 0 && <TelegramLinkButton tokens={tokens} />}
        </div>
      )}
      {phase === 'form' && (
        <form noValidate onSubmit={submit} className="mt-4 space-y-4">
          <div>
            {label('date')}
            <input readOnly value={formatIndonesianDate(date)} {...a11y('date')} />
            {errorOf('date')}
          </div>
          <div className="flex flex-wrap gap-3">
            {(['start', 'end'] as const).map((field) => (
              <div key={field} className="min-w-32 flex-1">
                {label(field)}
                <input type="time" value={values[field]} onChange={(event) => setField(field, event.target.value)} {...a11y(field)} />
                {errorOf(field)}
              </div>
            ))}
          </div>
          <div>
            {label('name')}
            <input
              autoComplete="name"
              maxLength={MAX_NAME_LENGTH}
              value={values.name}
              onChange={(event) => setField('name', event.target.value)}
              {...a11y('name')}
            />
            {errorOf('name')}
          </div>
          <div>
            {label('reason')}
            <textarea
              rows={2}
              maxLength={MAX_REASON_LENGTH}
              value={values.reason}
              onChange={(event) => setField('reason', event.target.value)}
              {...a11y('reason')}
            />
            {errorOf('reason')}
          </div>
          <button type="submit" className={`${buttonStyles.primary} w-full`} aria-busy={saving || undefined}>
            {waitingListMessages.submit}
          </button>
        </form>
      )}
      <p
        ref={noticeRef}
        tabIndex={-1}
        role="status"
        className={`mt-3 font-medium empty:hidden ${notice?.failed ? 'text-red-800' : 'text-slate-900'}`}
      >
        {notice?.text ?? ''}
      </p>
      {waits.length > 0 && (
        <div className="mt-4">
          <p className="font-medium">{waitingListMessages.yourWaits}</p>
          <ul className="mt-1 list-disc pl-5">
            {waits.map((wait, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one span may be asked twice; the list only grows at its end or is replaced whole
              <li key={`${index}-${wait.date}-${wait.start}`}>
                {formatIndonesianDate(wait.date)}, <span className="tabular-nums">{`${wait.start} - ${wait.end}`}</span> ({wait.name})
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="mt-6 flex justify-end">
        <button type="button" className={`${buttonStyles.secondary} w-full sm:w-auto`} onClick={onClose}>
          {waitingListMessages.close}
        </button>
      </div>
    </Dialog>
  );
}
