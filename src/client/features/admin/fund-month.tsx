import { useId } from 'react';
import { adminMessages } from '../../../domain/admin/admin-messages';
import { addMonths, formatIndonesianMonth } from '../../../domain/fund/ledger';
import type { FundBook } from '../../../domain/schemas/fund';
import { formatRupiah, formatSignedRupiah } from '../../../domain/text/money';
import { adminStyles } from './styles';

const labels = adminMessages.fund;

const CHART = { width: 360, height: 120, bar: 11, gap: 30 } as const;

/** In (green) and out (red) of each month, side by side: a picture with one text alternative per month. */
function FlowChart({ flows }: { flows: FundBook['flows'] }) {
  const id = useId();
  const highest = Math.max(1, ...flows.map((flow) => Math.max(flow.in, flow.out)));
  const scale = (amount: number) => Math.round((amount / highest) * (CHART.height - 20));
  const description = flows.map((flow) =>
    labels.chartMonth(formatIndonesianMonth(flow.month), formatRupiah(flow.in), formatRupiah(flow.out)),
  );
  return (
    <figure className="flex min-w-0 flex-col gap-1">
      <figcaption id={`${id}-title`} className="font-medium">
        {labels.chartTitle}
      </figcaption>
      <svg
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        className="h-auto w-full max-w-xl"
      >
        <title>{labels.chartTitle}</title>
        <desc id={`${id}-desc`}>{description.join('; ')}</desc>
        {flows.map((flow, index) => {
          const x = index * CHART.gap + 4;
          const base = CHART.height - 14;
          return (
            <g key={flow.month}>
              <rect x={x} y={base - scale(flow.in)} width={CHART.bar} height={scale(flow.in)} className="fill-green-700" />
              <rect x={x + CHART.bar + 1} y={base - scale(flow.out)} width={CHART.bar} height={scale(flow.out)} className="fill-red-700" />
              <text x={x + CHART.bar} y={CHART.height - 2} textAnchor="middle" className="fill-slate-700 text-[9px]">
                {formatIndonesianMonth(flow.month, true).slice(0, 3)}
              </text>
            </g>
          );
        })}
      </svg>
      <p className="flex gap-4 text-sm">
        <span>
          <span aria-hidden="true" className="mr-1 inline-block size-3 bg-green-700" />
          {labels.moneyIn}
        </span>
        <span>
          <span aria-hidden="true" className="mr-1 inline-block size-3 bg-red-700" />
          {labels.moneyOut}
        </span>
      </p>
    </figure>
  );
}

/** The month's `Saldo awal`, `Masuk`, `Keluar`, `Saldo akhir`, arrows to the months around it, and the chart. */
export function MonthSummary({ book, onMonth }: { book: FundBook; onMonth: (month: string) => void }) {
  const id = useId();
  const { totals } = book;
  const figures = [
    [labels.opening, formatSignedRupiah(totals.opening, 'console')],
    [labels.moneyIn, formatRupiah(totals.in)],
    [labels.moneyOut, formatRupiah(totals.out)],
    [labels.closing, formatSignedRupiah(totals.closing, 'console')],
  ] as const;
  return (
    <section aria-labelledby={`${id}-month`} className="flex min-w-0 flex-col gap-3 rounded-lg bg-white p-4 shadow">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <button
          type="button"
          onClick={() => onMonth(addMonths(book.month, -1))}
          aria-label={labels.previousMonth}
          className={adminStyles.smallButton}
        >
          ←
        </button>
        <h2 id={`${id}-month`} className="text-xl font-bold">
          {formatIndonesianMonth(book.month)}
        </h2>
        <button
          type="button"
          onClick={() => onMonth(addMonths(book.month, 1))}
          aria-label={labels.nextMonth}
          className={adminStyles.smallButton}
        >
          →
        </button>
      </div>
      <dl className="grid grid-cols-[repeat(auto-fit,minmax(9rem,1fr))] gap-3">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-md bg-slate-50 p-2">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <FlowChart flows={book.flows} />
    </section>
  );
}
