import { type FormEvent, useEffect, useId, useState } from 'react';
import { adminMessages } from '../../../domain/admin/admin-messages';
import { correctionRequestSchema, type FundEntry } from '../../../domain/schemas/fund';
import { fieldErrorsFromZod } from '../../../domain/text/field-errors';
import { formatRupiah } from '../../../domain/text/money';
import { formatIndonesianDate } from '../../../domain/time/clock';
import { buttonStyles } from '../../components/button-styles';
import { Dialog } from '../../components/dialog';
import { useSubmitKey } from '../../lib/submit-key';
import { AdminTextInput } from './admin-field';
import { correctEntry } from './api';

const labels = adminMessages.fund;

/** `Koreksi`: asks `Alasan koreksi`, then the server adds the reversing entry; the original stays. */
export function CorrectEntryDialog({
  entry,
  onClose,
  onSaved,
  signOut,
}: {
  entry: FundEntry | null;
  onClose: () => void;
  onSaved: (message: string) => void;
  signOut: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submitKey = useSubmitKey();
  const forgetKey = submitKey.saved;
  // Another entry is another submit: a key kept from an unanswered correction must not replay onto it.
  useEffect(() => {
    void entry;
    forgetKey();
    setReason('');
    setError('');
  }, [entry, forgetKey]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!entry || busy) return;
    const parsed = correctionRequestSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(fieldErrorsFromZod(parsed.error).reason ?? labels.correctReasonRequired);
      return;
    }
    setBusy(true);
    const result = await correctEntry(entry.id, parsed.data, submitKey.current());
    setBusy(false);
    if (result.ok) {
      submitKey.saved();
      onSaved(result.data.message);
    } else if (result.status === 401) signOut();
    else setError(result.errors.reason ?? result.message);
  }

  return (
    <Dialog open={entry !== null} title={labels.correctTitle} onClose={onClose}>
      {entry && (
        <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-4">
          <p>
            {labels.kinds[entry.kind]} {formatRupiah(entry.moneyIn || entry.moneyOut)}
            {entry.member ? `, ${entry.member.name}` : ''}, {formatIndonesianDate(entry.date)}
          </p>
          <AdminTextInput
            id={id}
            field="reason"
            label={labels.correctReason}
            value={reason}
            error={error || undefined}
            onValue={setReason}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" onClick={onClose} className={buttonStyles.secondary}>
              {labels.correctDismiss}
            </button>
            <button type="submit" disabled={busy} className={buttonStyles.primary}>
              {busy ? labels.saving : labels.correctConfirm}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
