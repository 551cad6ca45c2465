import { useState } from 'react';
import { claimMessages } from '../../../domain/fund/claim-messages';
import type { LoanCharge } from '../../../domain/schemas/charge';
import { messages } from '../../../domain/text/messages';
import { formatRupiah } from '../../../domain/text/money';
import { buttonStyles } from '../../components/button-styles';
import { claimPaid } from './claim-api';

const labels = messages.fund;

/** `Saya sudah bayar` until the treasurer decides: the answer stays on the card, said to screen readers. */
function PaidButton({ token, claim }: { token: string; claim: LoanCharge['claim'] }) {
  const [said, setSaid] = useState(claim === 'pending' ? claimMessages.pending : claim === 'refused' ? claimMessages.refused : '');
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState(claim === 'pending');

  async function press() {
    if (busy) return;
    setBusy(true);
    const result = await claimPaid(token);
    setBusy(false);
    setSaid(result.ok ? result.data.message : result.message);
    if (result.ok) setPending(true);
  }

  return (
    <div className="mt-1 flex flex-col items-start gap-1">
      {!pending && (
        <button type="button" onClick={press} disabled={busy} className={buttonStyles.secondary}>
          {busy ? claimMessages.sending : claimMessages.button}
        </button>
      )}
      <p role="status" className="font-medium empty:hidden">
        {said}
      </p>
    </div>
  );
}

/** `Tagihan: Rp30.000 (belum lunas)`, the rule's lines it comes from (issue 25), how to pay and `Saya sudah bayar` (issue 39). */
export function ChargeSummary({ charge, token }: { charge: LoanCharge; token?: string }) {
  const notes = [charge.provisional ? labels.provisional : '', charge.changed ? labels.changedByAdmin(formatRupiah(charge.computed)) : ''];
  const unpaid = !charge.paid && charge.amount > 0;
  return (
    <div className="text-sm">
      <p className="font-semibold">{labels.bill(formatRupiah(charge.amount), charge.paid)}</p>
      {charge.lines.length > 0 && (
        <ul className="tabular-nums">
          {charge.lines.map((line) => (
            <li key={line.label}>
              {line.label} {formatRupiah(line.amount)}
            </li>
          ))}
        </ul>
      )}
      {notes.some((note) => note !== '') && <p className="text-slate-700">({notes.filter((note) => note !== '').join('; ')})</p>}
      {unpaid && charge.howToPay && <p>{charge.howToPay}</p>}
      {unpaid && charge.qris && <img src="/api/kas/qris.png" alt={claimMessages.qrisAlt} className="mt-1 size-48 max-w-full" />}
      {unpaid && !charge.provisional && token && <PaidButton token={token} claim={charge.claim} />}
    </div>
  );
}
