import { type FormEvent, useId, useState } from 'react';
import { adminMessages } from '../../../domain/admin/admin-messages';
import { VOUCHER_HOURS } from '../../../domain/booking/limits';
import type { CreatedVoucher } from '../../../domain/schemas/admin';
import { messages } from '../../../domain/text/messages';
import { useSubmitKey } from '../../lib/submit-key';
import { createVoucher } from './api';
import { adminStyles } from './styles';
import { useCopyNote } from './use-copy-note';

export function VoucherGenerator({
  onCreated,
  onUnauthorized,
}: {
  onCreated: (voucher: CreatedVoucher) => void;
  onUnauthorized: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [voucher, setVoucher] = useState<CreatedVoucher | null>(null);
  const [failed, setFailed] = useState(false);
  const { copyNote, copy, clearCopyNote } = useCopyNote();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const id = useId();
  const submitKey = useSubmitKey();

  async function generate(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailed(false);
    setNoteError(undefined);
    clearCopyNote();
    const result = await createVoucher(note.trim() === '' ? {} : { note }, submitKey.current());
    setBusy(false);
    if (result.ok) {
      submitKey.saved();
      setVoucher(result.data.voucher);
      setNote('');
      onCreated(result.data.voucher);
    } else if (result.status === 401) onUnauthorized();
    else if (result.errors.note) setNoteError(result.errors.note);
    else setFailed(true);
  }

  return (
    <section aria-label="Buat voucher" className="flex flex-col items-start gap-4 rounded-lg bg-white p-6 shadow">
      <form onSubmit={generate} noValidate className="flex w-full flex-col items-start gap-3">
        <div className="w-full max-w-sm">
          <label htmlFor={`${id}-note`} className={adminStyles.label}>
            {adminMessages.voucherNote}
          </label>
          <input
            id={`${id}-note`}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            aria-describedby={`${id}-note-hint${noteError ? ` ${id}-note-error` : ''}`}
            aria-invalid={noteError ? true : undefined}
            className={adminStyles.input}
          />
          <p id={`${id}-note-hint`} className="mt-1 text-sm text-slate-700">
            {adminMessages.voucherNoteHint}
          </p>
          {noteError && (
            <p id={`${id}-note-error`} className={adminStyles.fieldError}>
              {noteError}
            </p>
          )}
        </div>
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 rounded-md bg-blue-700 px-5 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
        >
          {busy ? messages.generatingVoucher : 'Generate Voucher'}
        </button>
      </form>
      <p role="alert" className="font-medium text-red-700 empty:hidden">
        {failed ? messages.voucherFailed : ''}
      </p>
      <div aria-live="polite" className="w-full empty:hidden">
        {voucher && (
          <div className="flex flex-col gap-3 rounded-md border-2 border-dashed border-blue-700 bg-blue-50 p-4">
            <p className="text-sm font-medium text-slate-700">Kode voucher baru:</p>
            <div className="flex flex-wrap items-center gap-3">
              <output data-testid="voucher-code" className="font-mono text-3xl font-bold tracking-wider text-blue-900 select-all">
                {voucher.code}
              </output>
              <button
                type="button"
                onClick={() => copy(voucher.code)}
                className="min-h-11 rounded-md border border-blue-700 bg-white px-4 font-medium text-blue-800 hover:bg-blue-100"
              >
                Salin kode
              </button>
              <span role="status" className="text-sm text-slate-700">
                {copyNote}
              </span>
            </div>
            <p className="text-slate-700">{messages.voucherHint(VOUCHER_HOURS)}</p>
          </div>
        )}
      </div>
    </section>
  );
}
