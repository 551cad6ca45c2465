import { useState } from 'react';
import type { CreatedVoucher } from '../../../domain/admin-schemas';
import { VOUCHER_HOURS } from '../../../domain/limits';
import { messages } from '../../../domain/messages';
import { createVoucher } from './api';

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
  const [copyNote, setCopyNote] = useState('');

  async function generate() {
    setBusy(true);
    setFailed(false);
    setCopyNote('');
    const result = await createVoucher();
    setBusy(false);
    if (result.ok) {
      setVoucher(result.data.voucher);
      onCreated(result.data.voucher);
    } else if (result.status === 401) onUnauthorized();
    else setFailed(true);
  }

  async function copy(code: string) {
    try {
      await navigator.clipboard.writeText(code);
      setCopyNote(messages.voucherCopied);
    } catch {
      setCopyNote(messages.voucherCopyFailed);
    }
  }

  return (
    <section aria-label="Buat voucher" className="flex flex-col items-start gap-4 rounded-lg bg-white p-6 shadow">
      <button
        type="button"
        onClick={generate}
        disabled={busy}
        className="min-h-11 rounded-md bg-blue-700 px-5 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
      >
        {busy ? messages.generatingVoucher : 'Generate Voucher'}
      </button>
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
