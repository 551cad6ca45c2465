import { type FormEvent, useRef, useState } from 'react';
import { readHandoverForm } from '../../../domain/handover/handover-form';
import type { OwnBooking } from '../../../domain/schemas/own-booking';
import { messages } from '../../../domain/text/messages';
import { buttonStyles } from '../../components/button-styles';
import { Dialog } from '../../components/dialog';
import { EMPTY_HANDOVER_FIELDS, HandoverFields, type HandoverFieldValues } from '../../components/handover-fields';
import { recordOwnHandover } from './api';
import { ChargeSummary } from './charge-summary';

const labels = messages.handover;
const screens = messages.handoverScreens;

type BorrowerEvent = 'pickup' | 'return';

/**
 * Where the loan stands and the borrower's two buttons, each opening a short form. `describe` names
 * the booking in the buttons' accessible names where a list shows several.
 */
export function HandoverActions({
  token,
  booking,
  describe,
  onRecorded,
}: {
  token: string;
  booking: OwnBooking;
  describe?: string;
  onRecorded: (booking: OwnBooking) => void;
}) {
  const handover = booking.handover;
  const [asking, setAsking] = useState<BorrowerEvent>();
  const [values, setValues] = useState<HandoverFieldValues>(EMPTY_HANDOVER_FIELDS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const stateRef = useRef<HTMLParagraphElement>(null);

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

  const button = (event: BorrowerEvent, text: string) => (
    <button
      type="button"
      className={buttonStyles.primary}
      aria-label={describe ? `${text}: ${describe}` : undefined}
      onClick={() => open(event)}
    >
      {text}
    </button>
  );

  return (
    <div className="mt-2 flex flex-col gap-2">
      <p ref={stateRef} tabIndex={-1}>
        {screens.stateLabel}: <span className="font-semibold">{handover.state}</span>
        {handover.pickedUpAt && <span className="block text-sm text-slate-700">{screens.pickedUpAt(handover.pickedUpAt)}</span>}
        {handover.returnedAt && <span className="block text-sm text-slate-700">{screens.returnedAt(handover.returnedAt)}</span>}
      </p>
      {handover.waitsForLateBike && (
        <p className="rounded-md border-l-8 border-amber-600 bg-amber-50 px-3 py-2 font-medium text-amber-950">{labels.waitsForLateBike}</p>
      )}
      {booking.charge && <ChargeSummary charge={booking.charge} />}
      {(handover.pickupOpen || handover.returnOpen) && (
        <div className="flex flex-wrap gap-2">
          {handover.pickupOpen && button('pickup', labels.pickupButton)}
          {handover.returnOpen && button('return', labels.returnButton)}
        </div>
      )}
      <p role="status" className="text-sm font-medium text-slate-800 empty:hidden">
        {notice}
      </p>
      <Dialog
        open={asking !== undefined}
        title={asking === 'return' ? labels.returnButton : labels.pickupButton}
        onClose={() => setAsking(undefined)}
        finalFocus={stateRef}
      >
        <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-4">
          <HandoverFields
            values={values}
            onChange={setValues}
            errors={errors}
            withReturnDetails={asking === 'return'}
            needStnk={handover.needStnk}
          />
          {failure && (
            <p role="alert" className="font-medium text-red-800">
              {failure}
            </p>
          )}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" className={buttonStyles.secondary} onClick={() => setAsking(undefined)}>
              {screens.dismiss}
            </button>
            <button type="submit" className={buttonStyles.primary} disabled={busy}>
              {busy ? screens.saving : screens.save}
            </button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
