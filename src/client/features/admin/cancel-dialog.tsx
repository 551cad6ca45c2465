import { type FormEvent, useId, useState } from 'react';
import { adminMessages } from '../../../domain/admin/admin-messages';
import { cancelBookingRequestSchema } from '../../../domain/schemas/admin';
import { fieldErrorsFromZod } from '../../../domain/text/field-errors';
import { buttonStyles } from '../../components/button-styles';
import { Dialog } from '../../components/dialog';
import { adminStyles } from './styles';

/** `onConfirm` answers an error message to show, or null when done. */
export function CancelDialog({
  summary,
  onConfirm,
  onClose,
}: {
  summary: string | null;
  onConfirm: (reason: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function close() {
    setReason('');
    setError(null);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = cancelBookingRequestSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(fieldErrorsFromZod(parsed.error).reason ?? adminMessages.cancelReasonRequired);
      return;
    }
    setBusy(true);
    const failure = await onConfirm(parsed.data.reason);
    setBusy(false);
    if (failure) setError(failure);
    else close();
  }

  return (
    <Dialog open={summary !== null} title={adminMessages.cancelDialogTitle} onClose={close}>
      <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-4">
        <p>{summary}</p>
        <div>
          <label htmlFor={`${id}-reason`} className={adminStyles.label}>
            {adminMessages.cancelReasonLabel}
          </label>
          <textarea
            id={`${id}-reason`}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            rows={3}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={adminStyles.input}
          />
          {error && (
            <p id={`${id}-error`} className={adminStyles.fieldError}>
              {error}
            </p>
          )}
        </div>
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={close} className={buttonStyles.secondary}>
            {adminMessages.cancelDismiss}
          </button>
          <button type="submit" disabled={busy} className={buttonStyles.danger}>
            {busy ? adminMessages.cancelling : adminMessages.cancelConfirm}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
