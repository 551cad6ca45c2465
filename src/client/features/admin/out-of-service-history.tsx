import { adminMessages } from '../../../domain/admin/admin-messages';
import { outOfServiceMessages } from '../../../domain/out-of-service/out-of-service-messages';
import type { PeriodView } from '../../../domain/schemas/out-of-service';
import { formatIndonesianDate } from '../../../domain/time/clock';
import { adminStyles } from './styles';
import type { OutOfServiceState } from './use-out-of-service';

const labels = adminMessages.outOfService;

function untilText(period: PeriodView): string {
  return period.untilDate === null ? labels.openEnded : `${formatIndonesianDate(period.untilDate)} ${period.untilTime}`;
}

/** Every period, newest first, each still to come or going on with its `Ubah`. */
export function PeriodHistory({ periods: { overview, busy, startEdit } }: { periods: OutOfServiceState }) {
  return overview && overview.periods.length === 0 ? (
    <p>{labels.historyEmpty}</p>
  ) : (
    <ul className="flex flex-col gap-2">
      {overview?.periods.map((period) => (
        <li key={period.ref} className="rounded-md bg-white p-3 shadow-sm">
          <p className="font-medium break-words">{period.motor ? `${period.motor}: ${period.reason}` : period.reason}</p>
          <p className="text-sm text-slate-700">
            {`${formatIndonesianDate(period.fromDate)} ${period.fromTime} - ${untilText(period)}, ${labels.by(period.createdBy)}`}
            {period.endedBy ? `, ${labels.endedBy(period.endedBy)}` : ''}
          </p>
          <p className="text-sm text-slate-700">{labels.counts(period.cancelled, period.warned)}</p>
          {period.editable && (
            <button
              type="button"
              disabled={busy}
              aria-label={`${outOfServiceMessages.edit}: ${period.reason}`}
              className={`${adminStyles.smallButton} mt-2`}
              onClick={() => startEdit(period)}
            >
              {outOfServiceMessages.edit}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
