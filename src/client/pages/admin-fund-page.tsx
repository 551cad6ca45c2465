import { useCallback, useEffect, useState } from 'react';
import { adminMessages } from '../../domain/admin/admin-messages';
import type { FundBook } from '../../domain/schemas/fund';
import { messages } from '../../domain/text/messages';
import { formatRupiah, formatSignedRupiah } from '../../domain/text/money';
import { type AdminPageProps, AdminShell } from '../features/admin/admin-shell';
import { fetchFundBook, fetchFundOverview } from '../features/admin/api';
import { FundBookSection } from '../features/admin/fund-book';
import { PendingClaims } from '../features/admin/fund-claims';
import { FundForm } from '../features/admin/fund-forms';
import { HowToPayForm } from '../features/admin/fund-how-to-pay';
import { DuesGridSection, MemberStatementSection } from '../features/admin/fund-members';
import { MonthSummary } from '../features/admin/fund-month';
import { useAdminList } from '../features/admin/use-admin-list';

const labels = adminMessages.fund;

/** The month shown (today's until an arrow moves it) and its page of the book, asked again after every write. */
function useMonthBook(version: number, signOut: () => void) {
  const [month, setMonth] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [book, setBook] = useState<FundBook | 'loading' | 'failed'>('loading');
  const load = useCallback(async () => {
    const result = await fetchFundBook(month ?? '', page);
    if (result.ok) setBook(result.data);
    else if (result.status === 401) signOut();
    else setBook('failed');
  }, [month, page, signOut]);
  useEffect(() => {
    void version;
    void load();
  }, [load, version]);
  const showMonth = (next: string) => {
    setPage(1);
    setMonth(next);
  };
  return { book, showMonth, setPage };
}

function Outstanding({
  overview,
}: {
  overview: { balance: number; totalOutstanding: number; outstanding: { ref: string; name: string; class: string; amount: number }[] };
}) {
  return (
    <section aria-labelledby="fund-balance" className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow">
      <h2 id="fund-balance" className="text-xl font-bold">
        {labels.balance}:{' '}
        <span className={`tabular-nums ${overview.balance < 0 ? 'text-red-700' : ''}`}>
          {formatSignedRupiah(overview.balance, 'console')}
        </span>
      </h2>
      <h3 className="text-lg font-semibold">
        {labels.outstandingTitle} ({labels.totalOutstanding}:{' '}
        <span className="tabular-nums">{formatRupiah(overview.totalOutstanding)}</span>)
      </h3>
      {overview.outstanding.length === 0 ? (
        <p>{labels.noneOutstanding}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {overview.outstanding.map((member) => (
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
  );
}

/** On a phone the month's summary and the entry forms come first; the book, statements and dues below. */
function FundScreen({ signOut }: AdminPageProps) {
  const { list, load } = useAdminList(fetchFundOverview, signOut);
  const [notice, setNotice] = useState('');
  // Bumped after every write, so the book reloads with the balance.
  const [version, setVersion] = useState(0);
  const { book, showMonth, setPage } = useMonthBook(version, signOut);

  const saved = (message: string) => {
    setNotice(message);
    setVersion((current) => current + 1);
    void load();
  };

  if (list.state === 'loading' || book === 'loading') return <p role="status">{messages.loading}</p>;
  if (list.state === 'failed' || book === 'failed') return <p role="alert">{adminMessages.loadFailed}</p>;
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <MonthSummary book={book} onMonth={showMonth} />
      <p role="status" className="font-medium text-green-800 empty:hidden">
        {notice}
      </p>
      <PendingClaims claims={list.claims} onDecided={saved} signOut={signOut} />
      <div className="grid min-w-0 gap-6 lg:grid-cols-2">
        <FundForm kind="payment" members={list.members} today={list.today} onSaved={saved} signOut={signOut} />
        <FundForm kind="expense" members={list.members} today={list.today} onSaved={saved} signOut={signOut} />
      </div>
      <FundBookSection book={book} onPage={setPage} onChanged={saved} signOut={signOut} />
      <Outstanding overview={list} />
      <HowToPayForm current={list.howToPay} onSaved={saved} signOut={signOut} />
      <MemberStatementSection members={list.members} version={version} signOut={signOut} />
      <DuesGridSection year={Number(book.month.slice(0, 4))} version={version} signOut={signOut} />
    </div>
  );
}

export function AdminFundPage() {
  return <AdminShell title={labels.title}>{(props) => <FundScreen {...props} />}</AdminShell>;
}
