import { type RefObject, useId } from 'react';
import { adminMessages } from '../../../domain/admin/admin-messages';
import { outOfServiceText } from '../../../domain/out-of-service/out-of-service';
import { buttonStyles } from '../../components/button-styles';
import { PeriodForm } from './out-of-service-form';
import { PeriodHistory } from './out-of-service-history';
import { useOutOfService } from './use-out-of-service';

const labels = adminMessages.outOfService;

interface PanelProps {
  timeZone: string;
  signOut: () => void;
  /** A condition note's `Tandai tidak tersedia` fills the reason; each press a new object. */
  prefill: { reason: string } | undefined;
  formRef: RefObject<HTMLInputElement | null>;
}

/** The `Motor` tab's `Tidak tersedia` periods: the current one with `Motor sudah siap`, the form, the history. */
export function OutOfServicePanel({ timeZone, signOut, prefill, formRef }: PanelProps) {
  const id = useId();
  const periods = useOutOfService({ timeZone, signOut, prefill, formRef });
  const current = periods.overview?.current ?? null;
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {labels.title}
      </h2>
      {current && (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border-l-8 border-red-700 bg-white p-4 shadow">
          <p className="font-medium">{current.motor ? `${current.motor}: ${outOfServiceText(current)}` : outOfServiceText(current)}</p>
          <button type="button" disabled={periods.busy} className={buttonStyles.primary} onClick={() => periods.ready(current.ref)}>
            {labels.ready}
          </button>
        </div>
      )}
      <PeriodForm id={id} formRef={formRef} periods={periods} />
      <h3 className="font-semibold">{labels.historyTitle}</h3>
      <PeriodHistory periods={periods} />
    </section>
  );
}
