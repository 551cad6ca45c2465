import { useId, useState } from 'react';
import { adminMessages } from '../../../domain/admin/admin-messages';
import { bikeMessages } from '../../../domain/motor/bike-messages';
import type { PendingClaim } from '../../../domain/schemas/fund';
import { formatRupiah } from '../../../domain/text/money';
import { formatIndonesianDate } from '../../../domain/time/clock';
import { decideClaim } from './api';
import { adminStyles } from './styles';

const labels = adminMessages.fund;

/** `Saya sudah bayar` presses waiting for the treasurer: `Terima` records the payment, `Tolak` records nothing. */
export function PendingClaims({
  claims,
  onDecided,
  signOut,
}: {
  claims: PendingClaim[];
  onDecided: (message: string) => void;
  signOut: () => void;
}) {
  const id = useId();
  const [busy, setBusy] = useState<number | null>(null);
  const [failure, setFailure] = useState('');

  async function decide(claim: PendingClaim, action: 'confirm' | 'refuse') {
    if (busy !== null) return;
    setBusy(claim.id);
    const result = await decideClaim(claim.id, action);
    setBusy(null);
    if (result.ok) {
      setFailure('');
      onDecided(result.data.message);
    } else if (result.status === 401) signOut();
    else setFailure(result.message);
  }

  if (claims.length === 0) return null;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex min-w-0 flex-col gap-3 rounded-lg border-l-8 border-amber-600 bg-white p-4 shadow"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {labels.claimsTitle} ({claims.length})
      </h2>
      {failure && (
        <p role="alert" className="font-medium text-red-800">
          {failure}
        </p>
      )}
      <ul className="divide-y divide-slate-200">
        {claims.map((claim) => {
          const claimed = labels.claimOf(claim.member.name, formatRupiah(claim.amount), formatIndonesianDate(claim.loanDate));
          const text = claim.motor ? `${claimed} · ${bikeMessages.label}: ${claim.motor}` : claimed;
          return (
            <li key={claim.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>{text}</span>
              <span className="flex gap-2">
                <button
                  type="button"
                  disabled={busy !== null}
                  onClick={() => decide(claim, 'confirm')}
                  aria-label={`${labels.claimConfirm} ${text}`}
                  className={adminStyles.smallButton}
                >
                  {labels.claimConfirm}
                </button>
                <button
                  type="button"
                  disabled={busy !== null}
                  onClick={() => decide(claim, 'refuse')}
                  aria-label={`${labels.claimRefuse} ${text}`}
                  className={adminStyles.dangerButton}
                >
                  {labels.claimRefuse}
                </button>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
