import { useCallback, useEffect, useId, useState } from 'react';
import { adminMessages } from '../../../domain/admin/admin-messages';
import { formatIndonesianMonth } from '../../../domain/fund/ledger';
import type { DuesGrid, MemberStatement } from '../../../domain/schemas/fund';
import { messages } from '../../../domain/text/messages';
import { formatRupiah } from '../../../domain/text/money';
import { buttonStyles } from '../../components/button-styles';
import { fetchDuesGrid, fetchMemberStatement } from './api';
import { EntryTable } from './fund-book';
import { Cell, ScrollTable } from './scroll-table';
import { adminStyles } from './styles';

const labels = adminMessages.fund;

type Loaded<T> = T | 'idle' | 'loading' | 'failed';

/** Asks again whenever `load` or `version` changes; a 401 signs out. */
function useLoaded<T>(
  load: (() => Promise<{ ok: true; data: T } | { ok: false; status: number }>) | null,
  version: number,
  signOut: () => void,
) {
  const [state, setState] = useState<Loaded<T>>('idle');
  useEffect(() => {
    void version;
    if (!load) {
      setState('idle');
      return;
    }
    let current = true;
    setState('loading');
    void load().then((result) => {
      if (!current) return;
      if (result.ok) setState(result.data);
      else if (result.status === 401) signOut();
      else setState('failed');
    });
    return () => {
      current = false;
    };
  }, [load, version, signOut]);
  return state;
}

function Status({ state }: { state: Loaded<unknown> }) {
  if (state === 'loading') return <p role="status">{messages.loading}</p>;
  if (state === 'failed') return <p role="alert">{adminMessages.loadFailed}</p>;
  return null;
}

interface MembersProps {
  members: { ref: string; name: string; class: string }[];
  version: number;
  signOut: () => void;
}

/** One member's charges, payments and dues, with what they still owe. */
export function MemberStatementSection({ members, version, signOut }: MembersProps) {
  const id = useId();
  const [ref, setRef] = useState('');
  const load = useCallback(() => fetchMemberStatement(ref), [ref]);
  const statement = useLoaded<MemberStatement>(ref === '' ? null : load, version, signOut);
  return (
    <section aria-labelledby={`${id}-title`} className="flex min-w-0 flex-col gap-3">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {labels.statement}
      </h2>
      <div className="max-w-sm">
        <label htmlFor={`${id}-member`} className={adminStyles.label}>
          {labels.member}
        </label>
        <select id={`${id}-member`} value={ref} onChange={(event) => setRef(event.target.value)} className={adminStyles.input}>
          <option value="">{labels.memberRequired}</option>
          {members.map((member) => (
            <option key={member.ref} value={member.ref}>
              {member.name} ({member.class})
            </option>
          ))}
        </select>
      </div>
      <Status state={statement} />
      {typeof statement === 'object' && (
        <>
          <dl className="grid grid-cols-[repeat(auto-fit,minmax(9rem,1fr))] gap-3">
            {(
              [
                [labels.statementCharges, statement.charges],
                [labels.statementPaid, statement.paid],
                [labels.statementDues, statement.dues],
                [labels.outstanding, statement.outstanding],
              ] as const
            ).map(([label, amount]) => (
              <div key={label} className="rounded-md bg-white p-2 shadow">
                <dt className="text-sm text-slate-700">{label}</dt>
                <dd className="font-semibold tabular-nums">{formatRupiah(amount)}</dd>
              </div>
            ))}
          </dl>
          {statement.entries.length > 0 && (
            <EntryTable label={`${labels.statement} ${statement.member.name}`} entries={statement.entries} />
          )}
        </>
      )}
    </section>
  );
}

export function DuesGridSection({ year, version, signOut }: { year: number; version: number; signOut: () => void }) {
  const id = useId();
  // Shown on request: a class's grid is a long list of cards on a phone.
  const [open, setOpen] = useState(false);
  const load = useCallback(() => fetchDuesGrid(year), [year]);
  const grid = useLoaded<DuesGrid>(open ? load : null, version, signOut);
  return (
    <section aria-labelledby={`${id}-title`} className="flex min-w-0 flex-col items-start gap-3">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {labels.duesGrid} {year}
      </h2>
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)} className={buttonStyles.secondary}>
        {open ? labels.duesHide : labels.duesShow}
      </button>
      <Status state={grid} />
      {typeof grid === 'object' && (
        <ScrollTable label={labels.duesTableLabel(year)}>
          <thead className="bg-slate-100">
            <tr>
              <th scope="col" className={adminStyles.th}>
                {labels.member}
              </th>
              {grid.months.map((month) => (
                <th key={month} scope="col" className={adminStyles.th}>
                  <abbr title={formatIndonesianMonth(month)}>{formatIndonesianMonth(month, true).slice(0, 3)}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.members.map((member) => (
              <tr key={member.ref} className="border-t border-slate-200">
                <Cell label={labels.member} className="font-medium">
                  {member.name}
                </Cell>
                {member.paid.map((amount, index) => (
                  <Cell
                    key={grid.months[index]}
                    label={formatIndonesianMonth(grid.months[index] ?? '')}
                    className="tabular-nums whitespace-nowrap"
                  >
                    {amount > 0 ? formatRupiah(amount) : <span className="text-slate-600">{labels.duesUnpaid}</span>}
                  </Cell>
                ))}
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </section>
  );
}
