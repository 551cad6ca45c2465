import { type FormEvent, useState } from 'react';
import { readHandoverForm } from '../../../domain/handover/handover-form';
import type { OwnBooking } from '../../../domain/schemas/own-booking';
import { messages } from '../../../domain/text/messages';
import { EMPTY_HANDOVER_FIELDS, type HandoverFieldValues } from '../../components/handover-fields';
import { recordOwnHandover } from './api';

const screens = messages.handoverScreens;

export type BorrowerEvent = 'pickup' | 'return';

/** The pickup or return form the borrower opened, and its save. */
export function useOwnHandover(token: string, booking: OwnBooking, onRecorded: (booking: OwnBooking) => void) {
  const handover = booking.handover;
  const [asking, setAsking] = useState<BorrowerEvent>();
  const [values, setValues] = useState<HandoverFieldValues>(EMPTY_HANDOVER_FIELDS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');

  const open = (event: BorrowerEvent) => {
    setValues(EMPTY_HANDOVER_FIELDS);
    setErrors({});
    setFailure(undefined);
    setNotice('');
    setAsking(event);
  };

  const submit = async (submitted: FormEvent) => {
    submitted.preventDefault();
    if (!asking || busy) return;
    const read = readHandoverForm({ event: asking, ...values, needStnk: handover.needStnk, fuelRequired: true });
    setFailure(undefined);
    if (!read.ok) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    const result = await recordOwnHandover({ token, event: asking, ...read.details });
    setBusy(false);
    if (!result.ok) {
      if (Object.keys(result.errors).length > 0) setErrors(result.errors);
      else setFailure(result.message);
      return;
    }
    setNotice(result.data.message ?? (asking === 'pickup' ? screens.pickupDone : screens.returnDone));
    setAsking(undefined);
    onRecorded(result.data.booking);
  };

  return { asking, setAsking, values, setValues, errors, failure, busy, notice, open, submit };
}
