import { useId, useState } from 'react';
import { adminMessages } from '../../../domain/admin/admin-messages';
import { formatIndonesianMonth } from '../../../domain/fund/ledger';
import { bikeMessages } from '../../../domain/motor/bike-messages';
import type { FundBook, FundEntry } from '../../../domain/schemas/fund';
import { formatRupiah } from '../../../domain/text/money';
import { formatIndonesianDate } from '../../../domain/time/clock';
import { buttonStyles } from '../../components/button-styles';
import { fundCsvPath } from './api';
import { ChangeChargeDialog } from './change-charge-dialog';
import { CorrectEntryDialog } from './fund-correct-dialog';
import { Cell, ScrollTable, TableHeadWithActions } from './scroll-table';
import { adminStyles } from './styles';

const labels = adminMessages.fund;

const isCharge = (entry: FundEntry) => entry.kind === 'charge' || entry.kind === 'charge-change';

export function entryDetail(entry: FundEntry): string {
  const parts = [
    isCharge(entry) ? `${labels.kinds.charge} ${formatRupiah(entry.owed)}` : '',
    entry.detail,
    entry.duesMonth ? formatIndonesianMonth(entry.duesMonth) : '',
    entry.charge?.provisional ? labels.provisional : '',
    entry.motor ? `${bikeMessages.label}: ${entry.motor}` : '',
  ];
  return parts.filter((part) => part !== '').join('; ');
}

/** The link between an entry and its correction, both ways: the original stays, struck through. */
function Links({ entry }: { entry: FundEntry }) {
  if (entry.corrects) {
    return (
      <a href={`#kas-${entry.corrects.id}`} className="block underline">
        {labels.corrects(labels.kinds[entry.corrects.kind], formatIndonesianDate(entry.corrects.date))}
      </a>
    );
  }
  if (entry.correctedBy) {
    return (
      <a href={`#kas-${entry.correctedBy.id}`} className="block font-medium underline">
        {labels.correctedBy(formatIndonesianDate(entry.correctedBy.date))}
      </a>
    );
  }
  return null;
}

function EntryRow({ entry, onCorrect, onChange }: { entry: FundEntry; onCorrect?: () => void; onChange?: () => void }) {
  const struck = entry.correctedBy !== null ? 'line-through' : '';
  return (
    <tr id={`kas-${entry.id}`} className="border-t border-slate-200">
      <Cell label={labels.date}>{formatIndonesianDate(entry.date)}</Cell>
      <Cell label={labels.kind}>{labels.kinds[entry.kind]}</Cell>
      <Cell label={labels.member}>{entry.member ? `${entry.member.name} (${entry.member.class})` : '–'}</Cell>
      <Cell label={labels.detail} className={struck}>
        {entryDetail(entry)}
      </Cell>
      <Cell label={labels.moneyIn} className={`whitespace-nowrap tabular-nums ${struck}`}>
        {entry.moneyIn > 0 ? `+${formatRupiah(entry.moneyIn)}` : ''}
      </Cell>
      <Cell label={labels.moneyOut} className={`whitespace-nowrap tabular-nums ${struck}`}>
        {entry.moneyOut > 0 ? `−${formatRupiah(entry.moneyOut)}` : ''}
      </Cell>
      <Cell label={labels.note}>
        {entry.note}
        <Links entry={entry} />
      </Cell>
      <Cell>
        {entry.correctable && onCorrect && (
          <button
            type="button"
            onClick={onCorrect}
            aria-label={`${labels.correct} ${labels.kinds[entry.kind].toLowerCase()} ${formatRupiah(entry.moneyIn || entry.moneyOut)} ${entry.member?.name ?? ''}`.trim()}
            className={adminStyles.smallButton}
          >
            {labels.correct}
          </button>
        )}
        {entry.kind === 'charge' && entry.ref && onChange && (
          <button
            type="button"
            onClick={onChange}
            aria-label={`${labels.change} ${labels.charge.toLowerCase()} ${entry.member?.name ?? ''} ${entry.date}`}
            className={adminStyles.smallButton}
          >
            {labels.change}
          </button>
        )}
      </Cell>
    </tr>
  );
}

/** Without `onCorrect` and `onChange`, a statement to read: no buttons. */
export function EntryTable({
  label,
  entries,
  onCorrect,
  onChange,
}: {
  label: string;
  entries: FundEntry[];
  onCorrect?: (entry: FundEntry) => void;
  onChange?: (entry: FundEntry) => void;
}) {
  return (
    <ScrollTable label={label}>
      <TableHeadWithActions
        labels={[labels.date, labels.kind, labels.member, labels.detail, labels.moneyIn, labels.moneyOut, labels.note]}
      />
      <tbody>
        {entries.map((entry) => (
          <EntryRow
            key={entry.id}
            entry={entry}
            onCorrect={onCorrect && (() => onCorrect(entry))}
            onChange={onChange && (() => onChange(entry))}
          />
        ))}
      </tbody>
    </ScrollTable>
  );
}

function Pages({ book, onPage }: { book: FundBook; onPage: (page: number) => void }) {
  if (book.pages <= 1) return null;
  return (
    <nav aria-label={labels.book} className="flex flex-wrap items-center gap-3">
      <button type="button" disabled={book.page <= 1} onClick={() => onPage(book.page - 1)} className={buttonStyles.secondary}>
        {labels.previous}
      </button>
      <span>{labels.pageOf(book.page, book.pages)}</span>
      <button type="button" disabled={book.page >= book.pages} onClick={() => onPage(book.page + 1)} className={buttonStyles.secondary}>
        {labels.next}
      </button>
    </nav>
  );
}

interface FundBookProps {
  book: FundBook;
  onPage: (page: number) => void;
  onChanged: (message: string) => void;
  signOut: () => void;
}

/** The month's entries, newest first, 20 a page; `Koreksi` on what was recorded by hand, `Ubah` on a charge. */
export function FundBookSection({ book, onPage, onChanged, signOut }: FundBookProps) {
  const id = useId();
  const [changing, setChanging] = useState<FundEntry | null>(null);
  const [correcting, setCorrecting] = useState<FundEntry | null>(null);

  return (
    <section aria-labelledby={`${id}-title`} className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-xl font-bold">
          {labels.book} {formatIndonesianMonth(book.month)}
        </h2>
        <a href={fundCsvPath(book.month)} download className={buttonStyles.secondary}>
          {adminMessages.downloadCsv}
        </a>
      </div>
      {book.entries.length === 0 ? (
        <p>{labels.bookEmpty}</p>
      ) : (
        <EntryTable label={labels.bookTableLabel} entries={book.entries} onCorrect={setCorrecting} onChange={setChanging} />
      )}
      <Pages book={book} onPage={onPage} />
      <ChangeChargeDialog
        entry={changing}
        onClose={() => setChanging(null)}
        onSaved={(message) => {
          setChanging(null);
          onChanged(message);
        }}
        signOut={signOut}
      />
      <CorrectEntryDialog
        entry={correcting}
        onClose={() => setCorrecting(null)}
        onSaved={(message) => {
          setCorrecting(null);
          onChanged(message);
        }}
        signOut={signOut}
      />
    </section>
  );
}
