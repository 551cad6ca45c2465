import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { ShownBike } from '../../../domain/schemas/bookings';
import { MAX_TOKENS_PER_LOOKUP } from '../../../domain/schemas/own-booking';
import type { Wait } from '../../../domain/schemas/waiting-list';
import { formatIndonesianDate, formatMinutes, MINUTES_PER_DAY } from '../../../domain/time/clock';
import { waitingListMessages } from '../../../domain/waiting-list/waiting-list-messages';
import { hasDeviceSecret } from '../../lib/borrower-chat-api';
import { readMyBookings } from '../../lib/device-storage';
import { readLastBorrowerName } from '../../lib/remembered-borrower';
import { createWait, fetchDeviceWaits } from '../../lib/waiting-list-api';

type Phase = 'loading' | 'link' | 'form' | 'saved' | 'failed';
export type Field = 'name' | 'date' | 'start' | 'end' | 'motorId' | 'reason';
const FIELDS: Field[] = ['name', 'date', 'start', 'end', 'motorId', 'reason'];

/** Whether this device's chat is linked, and its waits, asked each time the dialog opens or the tab is shown again. */
function useDeviceWaits(open: boolean) {
  const [phase, setPhase] = useState<Phase>('loading');
  const [waits, setWaits] = useState<Wait[]>([]);
  const [bikes, setBikes] = useState<ShownBike[]>();
  const [notice, setNotice] = useState<{ text: string; failed: boolean }>();
  // Bumped once this phone turned push on: it may wait now.
  const [asked, setAsked] = useState(0);

  useEffect(() => {
    if (!open || asked < 0) return;
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
        setBikes(result.data.bikes);
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
  }, [open, asked]);

  return { phase, setPhase, waits, setWaits, bikes, notice, setNotice, reload: () => setAsked((count) => count + 1) };
}

/** The dialog's phase and waits, and the form asking for the wanted span, with its save. */
export function useWaitDialog({
  date,
  from,
  to,
  motorId,
  open,
}: {
  date: string;
  from: number;
  to: number;
  motorId?: number;
  open: boolean;
}) {
  const { phase, setPhase, waits, setWaits, bikes, notice, setNotice, reload } = useDeviceWaits(open);
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
    // A lane's button waits for its bike; Motor mana saja stays one choice away.
    motorId,
  }));
  const fields = useRef<Partial<Record<Field, HTMLElement | null>>>({});
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const linkRef = useRef<HTMLDivElement>(null);
  const base = useId();
  const tokens = stored.slice(-MAX_TOKENS_PER_LOOKUP).map((booking) => booking.token);

  const setField = <F extends Exclude<Field, 'date'>>(field: F, value: (typeof values)[F]) => {
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

  return { phase, waits, bikes, notice, errors, saving, values, fields, noticeRef, linkRef, base, tokens, setField, submit, reload };
}

export type WaitDialogState = ReturnType<typeof useWaitDialog>;
