import { useCallback, useEffect, useState } from 'react';
import { adminMessages } from '../../domain/admin/admin-messages';
import { auditActionLabel } from '../../domain/admin/audit';
import type { AuditEntry } from '../../domain/schemas/admin';
import { messages } from '../../domain/text/messages';
import { type AdminPageProps, AdminShell } from '../features/admin/admin-shell';
import { fetchAuditPage } from '../features/admin/api';
import { formatInstant } from '../features/admin/format-instant';
import { Cell, ScrollTable } from '../features/admin/scroll-table';
import { adminStyles } from '../features/admin/styles';

type PageState = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; entries: AuditEntry[]; page: number; pages: number };

const columns = adminMessages.historyColumns;

function HistoryScreen({ signOut, timeZone }: AdminPageProps) {
  const [page, setPage] = useState(1);
  const [state, setState] = useState<PageState>({ state: 'loading' });

  const load = useCallback(
    async (wanted: number) => {
      setState({ state: 'loading' });
      const result = await fetchAuditPage(wanted);
      if (result.ok) setState({ state: 'loaded', ...result.data });
      else if (result.status === 401) signOut();
      else setState({ state: 'failed' });
    },
    [signOut],
  );

  useEffect(() => {
    void load(page);
  }, [load, page]);

  if (state.state === 'loading') return <p role="status">{messages.loading}</p>;
  if (state.state === 'failed') return <p role="alert">{adminMessages.loadFailed}</p>;
  if (state.entries.length === 0 && state.page === 1) return <p>{adminMessages.historyEmpty}</p>;
  return (
    <>
      <ScrollTable label={adminMessages.historyTableLabel}>
        <thead className="bg-slate-100">
          <tr>
            {[columns.at, columns.who, columns.action, columns.target, columns.detail].map((label) => (
              <th key={label} scope="col" className={adminStyles.th}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {state.entries.map((entry, index) => (
            // Entries carry no id (answers name no row), and a page never changes while shown.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <tr key={index} className="border-t border-slate-200">
              <Cell label={columns.at} className="whitespace-nowrap">
                {formatInstant(entry.at, timeZone)}
              </Cell>
              <Cell label={columns.who}>{entry.repeats === undefined ? entry.who : adminMessages.historyTypedName(entry.who)}</Cell>
              <Cell label={columns.action}>{auditActionLabel(entry.action)}</Cell>
              <Cell label={columns.target}>{entry.target ?? '–'}</Cell>
              <Cell label={columns.detail} className="min-w-40 break-words">
                {entry.repeats === undefined
                  ? (entry.detail ?? '–')
                  : adminMessages.historyRefusalFrom(entry.detail ?? '', entry.address ?? null, entry.repeats)}
              </Cell>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      <nav aria-label={adminMessages.historyPage(state.page, state.pages)} className="flex flex-wrap items-center gap-3">
        <button type="button" disabled={state.page <= 1} onClick={() => setPage(state.page - 1)} className={adminStyles.smallButton}>
          {adminMessages.previousPage}
        </button>
        <span>{adminMessages.historyPage(state.page, state.pages)}</span>
        <button
          type="button"
          disabled={state.page >= state.pages}
          onClick={() => setPage(state.page + 1)}
          className={adminStyles.smallButton}
        >
          {adminMessages.nextPage}
        </button>
      </nav>
    </>
  );
}

export function AdminHistoryPage() {
  return <AdminShell title={adminMessages.historyTitle}>{(props) => <HistoryScreen {...props} />}</AdminShell>;
}
