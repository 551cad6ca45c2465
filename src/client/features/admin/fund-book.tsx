import { useCallback, useEffect, useId, useState } from 'react';
import { adminMessages } from '../../../domain/admin/admin-messages';
import type { FundBook, FundEntry } from '../../../domain/schemas/fund';
import { messages } from '../../../domain/text/messages';
import { formatRupiah } from '../../../domain/text/money';
import { formatIndonesianDate } from '../../../domain/time/clock';
import { buttonStyles } from '../../components/button-styles';
import { type FundFilter, fetchFundBook, fundCsvPath } from './api';
import { ChangeChargeDialog } from './change-charge-dialog';
import { Cell, ScrollTable, TableHeadWithActions } from './scroll-table';
import { adminStyles } from './styles';

const labels = adminMessages.fund;
const kindLabel = { charge: labels.charge, payment: labels.payment, expense: labels.expense } as const;

/** Cash in and out of the fund carry a sign; a charge is owed, not cash. */
function amountText(entry: FundEntry): string {
  const sign = { payment: '+', expense: '−', charge: '' }[entry.kind];
  return `${sign}${formatRupiah(entry.amount)}`;
}

function chargeNote(entry: FundEntry): string {
  const charge = entry.charge;
  if (!charge) return entry.note;
  const parts = [
    charge.provisional ? labels.provisional : '',
    charge.changed ? `${labels.changedFrom(formatRupiah(charge.computed))}: ${entry.note}` : '',
  ];
  return parts.filter((part) => part !== '').join('; ');
}

interface FundBookProps {
  members: { ref: string; name: string; class: string }[];
  version: number;
  onChanged: (message: string) => void;
  signOut: () => void;
}

/** The page of the book the filter asks for, asked again when the filter, the page or `version` changes. */
function useFundBook(version: number, signOut: () => void) {
  const [filter, setFilter] = useState<FundFilter>({});
  const [page, setPage] = useState(1);
  const [book, setBook] = useState<FundBook | 'loading' | 'failed'>('loading');

  const load = useCallback(async () => {
    const result = await fetchFundBook({ ...filter, page });
    if (result.ok) setBook(result.data);
    else if (result.status === 401) signOut();
    else setBook('failed');
  }, [filter, page, signOut]);
  useEffect(() => {
    void version;
    void load();
  }, [load, version]);

  return { filter, setFilter, setPage, book };
}

type FundBookState = ReturnType<typeof useFundBook>;

function BookFilters({
  id,
  members,
  fundBook: { filter, setFilter, setPage },
}: {
  id: string;
  members: FundBookProps['members'];
  fundBook: FundBookState;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="min-w-0">
        <label htmlFor={`${id}-member`} className={adminStyles.label}>
          {labels.member}
        </label>
        <select
          id={`${id}-member`}
          value={filter.member ?? ''}
          onChange={(event) => {
            setPage(1);
            setFilter({ ...filter, member: event.target.value || undefined });
          }}
          className={`${adminStyles.input} max-w-full`}
        >
          <option value="">{labels.allMembers}</option>
          {members.map((member) => (
            <option key={member.ref} value={member.ref}>
              {member.name} ({member.class})
            </option>
          ))}
        </select>
      </div>
      <div className="max-w-full min-w-0">
        <label htmlFor={`${id}-month`} className={adminStyles.label}>
          {labels.month}
        </label>
        <input
          id={`${id}-month`}
          type="month"
          value={filter.month ?? ''}
          onChange={(event) => {
            setPage(1);
            setFilter({ ...filter, month: event.target.value || undefined });
          }}
          className={`${adminStyles.input} max-w-full`}
        />
      </div>
      <a href={fundCsvPath(filter)} download className={buttonStyles.secondary}>
        {adminMessages.downloadCsv}
      </a>
    </div>
  );
}

function BookTable({ book, setPage, change }: { book: FundBook; setPage: (page: number) => void; change: (entry: FundEntry) => void }) {
  return (
    <>
      <ScrollTable label={labels.bookTableLabel}>
        <TableHeadWithActions labels={[labels.date, labels.kind, labels.member, labels.detail, labels.amount, labels.note]} />
        <tbody>
          {book.entries.map((entry, index) => (
            <tr key={`${entry.kind}-${entry.ref ?? index}-${entry.date}`} className="border-t border-slate-200">
              <Cell label={labels.date}>{formatIndonesianDate(entry.date)}</Cell>
              <Cell label={labels.kind}>{kindLabel[entry.kind]}</Cell>
              <Cell label={labels.member}>{entry.member ? `${entry.member.name} (${entry.member.class})` : '–'}</Cell>
              <Cell label={labels.detail}>{entry.detail}</Cell>
              <Cell label={labels.amount} className="whitespace-nowrap tabular-nums">
                {amountText(entry)}
              </Cell>
              <Cell label={labels.note}>{chargeNote(entry)}</Cell>
              <Cell>
                {entry.kind === 'charge' && entry.ref && (
                  <button
                    type="button"
                    onClick={() => change(entry)}
                    aria-label={`${labels.change} ${labels.charge.toLowerCase()} ${entry.member?.name ?? ''} ${entry.date}`}
                    className={adminStyles.smallButton}
                  >
                    {labels.change}
                  </button>
                )}
              </Cell>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      {book.pages > 1 && (
        <nav aria-label={labels.book} className="flex flex-wrap items-center gap-3">
          <button type="button" disabled={book.page <= 1} onClick={() => setPage(book.page - 1)} className={buttonStyles.secondary}>
            {labels.previous}
          </button>
          <span>{labels.pageOf(book.page, book.pages)}</span>
          <button
            type="button"
            disabled={book.page >= book.pages}
            onClick={() => setPage(book.page + 1)}
            className={buttonStyles.secondary}
          >
            {labels.next}
          </button>
        </nav>
      )}
    </>
  );
}

/** The book, newest first, 50 a page, filtered by member and month; a charge can be changed or waived. */
export function FundBookSection({ members, version, onChanged, signOut }: FundBookProps) {
  const id = useId();
  const fundBook = useFundBook(version, signOut);
  const { book } = fundBook;
  const [changing, setChanging] = useState<FundEntry | null>(null);

  return (
    <section aria-labelledby={`${id}-title`} className="flex min-w-0 flex-col gap-3">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {labels.book}
      </h2>
      <BookFilters id={id} members={members} fundBook={fundBook} />
      {book === 'loading' && <p role="status">{messages.loading}</p>}
      {book === 'failed' && <p role="alert">{adminMessages.loadFailed}</p>}
      {typeof book === 'object' && book.entries.length === 0 && <p>{labels.bookEmpty}</p>}
      {typeof book === 'object' && book.entries.length > 0 && <BookTable book={book} setPage={fundBook.setPage} change={setChanging} />}
      <ChangeChargeDialog
        entry={changing}
        onClose={() => setChanging(null)}
        onSaved={() => {
          setChanging(null);
          onChanged(labels.chargeSaved);
        }}
        signOut={signOut}
      />
    </section>
  );
}
