import { useState } from 'react';
import { adminMessages } from '../../domain/admin/admin-messages';
import { messages } from '../../domain/text/messages';
import { formatRupiah, formatSignedRupiah } from '../../domain/text/money';
import { type AdminPageProps, AdminShell } from '../features/admin/admin-shell';
import { fetchFundOverview } from '../features/admin/api';
import { FundBookSection } from '../features/admin/fund-book';
import { FundForm } from '../features/admin/fund-forms';
import { useAdminList } from '../features/admin/use-admin-list';

const labels = adminMessages.fund;

function FundScreen({ signOut }: AdminPageProps) {
  const { list, load } = useAdminList(fetchFundOverview, signOut);
  const [notice, setNotice] = useState('');
  // Bumped after every write, so the book reloads with the balance.
  const [version, setVersion] = useState(0);

  const saved = (message: string) => {
    setNotice(message);
    setVersion((current) => current + 1);
    void load();
  };

  if (list.state === 'loading') return <p role="status">{messages.loading}</p>;
  if (list.state === 'failed') return <p role="alert">{adminMessages.loadFailed}</p>;
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <section aria-labelledby="fund-balance" className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow">
        <h2 id="fund-balance" className="text-2xl font-bold">
          {labels.balance}: <span className={`tabular-nums ${list.balance < 0 ? 'text-red-700' : ''}`}>{formatBalance(list.balance)}</span>
        </h2>
        <h3 className="text-lg font-semibold">
          {labels.outstandingTitle} ({labels.totalOutstanding}: <span className="tabular-nums">{formatRupiah(list.totalOutstanding)}</span>)
        </h3>
        {list.outstanding.length === 0 ? (
          <p>{labels.noneOutstanding}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {list.outstanding.map((member) => (
              <li key={member.ref} className="flex flex-wrap justify-between gap-2 py-1">
                <span>
                  {member.name} ({member.class})
                </span>
                <span className="tabular-nums">
                  {labels.outstanding}: {formatRupiah(member.amount)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <p role="status" className="font-medium text-green-800 empty:hidden">
        {notice}
      </p>
      <div className="grid min-w-0 gap-6 lg:grid-cols-2">
        <FundForm kind="payment" members={list.members} today={list.today} onSaved={saved} signOut={signOut} />
        <FundForm kind="expense" members={list.members} today={list.today} onSaved={saved} signOut={signOut} />
      </div>
      <FundBookSection members={list.members} version={version} onChanged={saved} signOut={signOut} />
    </div>
  );
}

/** The balance may go below zero when more was spent than paid in. */
function formatBalance(amount: number): string {
  return formatSignedRupiah(amount, 'console');
}

export function AdminFundPage() {
  return <AdminShell title={labels.title}>{(props) => <FundScreen {...props} />}</AdminShell>;
}
