import { type RefObject, useRef } from 'react';
import type { OwnBooking } from '../../../domain/schemas/own-booking';
import { messages } from '../../../domain/text/messages';
import { buttonStyles } from '../../components/button-styles';
import { Dialog } from '../../components/dialog';
import { HandoverFields } from '../../components/handover-fields';
import { ChargeSummary } from './charge-summary';
import { type CardClock, LateLine } from './late-line';
import { type BorrowerEvent, useOwnHandover } from './use-own-handover';

const labels = messages.handover;
const screens = messages.handoverScreens;

type OwnHandover = ReturnType<typeof useOwnHandover>;

function OwnHandoverDialog({
  form,
  needStnk,
  finalFocus,
}: {
  form: OwnHandover;
  needStnk: boolean;
  finalFocus: RefObject<HTMLElement | null>;
}) {
  const { asking, setAsking, values, setValues, errors, failure, busy, submit } = form;
  return (
    <Dialog
      open={asking !== undefined}
      title={asking === 'return' ? labels.returnButton : labels.pickupButton}
      onClose={() => setAsking(undefined)}
      finalFocus={finalFocus}
    >
      <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-4">
        <HandoverFields values={values} onChange={setValues} errors={errors} withReturnDetails={asking === 'return'} needStnk={needStnk} />
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
  );
}

/**
 * Where the loan stands and the borrower's two buttons, each opening a short form. `describe` names the booking in the buttons' accessible
 * names where a list shows several. `clock`: where the page knows the app's clock, a late loan's minutes and fine so far.
 */
export function HandoverActions({
  token,
  booking,
  describe,
  onRecorded,
  clock,
}: {
  token: string;
  booking: OwnBooking;
  describe?: string;
  onRecorded: (booking: OwnBooking) => void;
  clock?: CardClock;
}) {
  const handover = booking.handover;
  const form = useOwnHandover(token, booking, onRecorded);
  const stateRef = useRef<HTMLParagraphElement>(null);

  const button = (event: BorrowerEvent, text: string) => (
    <button
      type="button"
      className={buttonStyles.primary}
      aria-label={describe ? `${text}: ${describe}` : undefined}
      onClick={() => form.open(event)}
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
      {clock && <LateLine booking={booking} clock={clock} />}
      {handover.waitsForLateBike && (
        <p className="rounded-md border-l-8 border-amber-600 bg-amber-50 px-3 py-2 font-medium text-amber-950">{labels.waitsForLateBike}</p>
      )}
      {booking.charge && <ChargeSummary charge={booking.charge} token={token} />}
      {(handover.pickupOpen || handover.returnOpen) && (
        <div className="flex flex-wrap gap-2">
          {handover.pickupOpen && button('pickup', labels.pickupButton)}
          {handover.returnOpen && button('return', labels.returnButton)}
        </div>
      )}
      <p role="status" className="text-sm font-medium text-slate-800 empty:hidden">
        {form.notice}
      </p>
      <OwnHandoverDialog form={form} needStnk={handover.needStnk} finalFocus={stateRef} />
    </div>
  );
}
