import type { LoanCharge } from '../../../domain/schemas/charge';
import { messages } from '../../../domain/text/messages';
import { formatRupiah } from '../../../domain/text/money';

const labels = messages.fund;

/** `Tagihan: Rp30.000 (belum lunas)` and the rule's lines it comes from (issue 25). */
export function ChargeSummary({ charge }: { charge: LoanCharge }) {
  const notes = [charge.provisional ? labels.provisional : '', charge.changed ? labels.changedByAdmin(formatRupiah(charge.computed)) : ''];
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
      {!charge.paid && charge.howToPay && <p>{charge.howToPay}</p>}
    </div>
  );
}
