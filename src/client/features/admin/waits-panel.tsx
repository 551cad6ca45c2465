import { useCallback, useState } from 'react';
import { adminMessages } from '../../../domain/admin/admin-messages';
import { adminWaitsResponseSchema, endWaitResponseSchema } from '../../../domain/schemas/waiting-list';
import { formatIndonesianDate } from '../../../domain/time/clock';
import { waitingListMessages } from '../../../domain/waiting-list/waiting-list-messages';
import { callApi } from '../../lib/http';
import { adminStyles } from './styles';
import { useAdminList } from './use-admin-list';

const labels = adminMessages.waits;
const fetchWaits = () => callApi('/api/admin/waits', adminWaitsResponseSchema);
const endWait = (ref: string) => callApi(`/api/admin/waits/${encodeURIComponent(ref)}/end`, endWaitResponseSchema, { method: 'POST' });

/** The holds and waits now (issue 40), each with `Akhiri tawaran`. */
export function WaitsPanel({ signOut }: { signOut: () => void }) {
  const { list, load } = useAdminList(fetchWaits, signOut);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const end = useCallback(
    async (ref: string) => {
      setBusy(true);
      const result = await endWait(ref);
      setBusy(false);
      if (!result.ok && result.status === 401) return signOut();
      setNotice(result.ok ? result.data.message : result.message);
      await load();
    },
    [load, signOut],
  );
  return (
    <section aria-labelledby="waits-title" className="mt-6">
      <h2 id="waits-title" className="text-lg font-semibold">
        {labels.title}
      </h2>
      <p role="status" className="font-medium text-green-800">
        {notice}
      </p>
      {list.state === 'failed' && <p role="alert">{adminMessages.loadFailed}</p>}
      {list.state === 'loaded' && list.waits.length === 0 && <p>{labels.empty}</p>}
      {list.state === 'loaded' && list.waits.length > 0 && (
        <ul className="flex flex-col gap-2">
          {list.waits.map((wait) => {
            const what = `${wait.name}, ${formatIndonesianDate(wait.date)} ${wait.start}-${wait.end}${waitingListMessages.bikeOfWait(wait.motor)}`;
            return (
              <li key={wait.ref} className="rounded-md bg-white p-3 shadow-sm">
                <p className="font-medium break-words">{what}</p>
                <p className="text-sm text-slate-700">{wait.heldUntil === null ? labels.waitingLabel : labels.heldUntil(wait.heldUntil)}</p>
                <button
                  type="button"
                  disabled={busy}
                  aria-label={`${labels.end}: ${what}`}
                  className={`${adminStyles.smallButton} mt-2`}
                  onClick={() => void end(wait.ref)}
                >
                  {labels.end}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
