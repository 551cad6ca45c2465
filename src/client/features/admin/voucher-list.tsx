import { useState } from 'react';
import { adminMessages } from '../../../domain/admin/admin-messages';
import { spanText } from '../../../domain/booking/span-text';
import type { AdminVoucher } from '../../../domain/schemas/admin';
import { messages } from '../../../domain/text/messages';
import { formatIndonesianDate } from '../../../domain/time/clock';
import { revokeVoucher } from './api';
import { formatInstant } from './format-instant';
import { Cell, ScrollTable, TableHeadWithActions } from './scroll-table';
import { adminStyles } from './styles';

export type VoucherListState = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; vouchers: AdminVoucher[] };

const columns = { code: 'Kode', note: adminMessages.voucherNote, created: 'Dibuat', status: 'Status', usedBy: 'Dipakai oleh' };

const statusText = { unused: messages.voucherUnused, used: messages.voucherUsed, revoked: adminMessages.voucherRevoked } as const;

function usedByText(usedBy: NonNullable<AdminVoucher['usedBy']>): string {
  return `${usedBy.name}, ${formatIndonesianDate(usedBy.date)} ${spanText(usedBy, 'console')}`;
}

export function VoucherList({
  list,
  timeZone,
  onRevoked,
  onUnauthorized,
}: {
  list: VoucherListState;
  timeZone: string;
  onRevoked: (voucher: AdminVoucher) => void;
  onUnauthorized: () => void;
}) {
  const [notice, setNotice] = useState<{ text: string; failed: boolean } | null>(null);

  async function revoke(code: string) {
    setNotice(null);
    const result = await revokeVoucher(code);
    if (result.ok) {
      onRevoked(result.data.voucher);
      setNotice({ text: result.data.message, failed: false });
    } else if (result.status === 401) onUnauthorized();
    else setNotice({ text: result.message, failed: true });
  }

  return (
    <section aria-labelledby="voucher-list-title" className="flex flex-col gap-3">
      <h2 id="voucher-list-title" className="text-xl font-bold">
        Voucher yang sudah dibuat
      </h2>
      <p role="status" className={notice?.failed ? 'font-medium text-red-700' : 'font-medium text-green-800'}>
        {notice?.text}
      </p>
      {list.state === 'loading' && <p role="status">{messages.vouchersLoading}</p>}
      {list.state === 'failed' && <p role="alert">{messages.vouchersLoadFailed}</p>}
      {list.state === 'loaded' && list.vouchers.length === 0 && <p>{messages.vouchersEmpty}</p>}
      {list.state === 'loaded' && list.vouchers.length > 0 && (
        <ScrollTable label={adminMessages.voucherTableLabel}>
          <TableHeadWithActions labels={Object.values(columns)} />
          <tbody>
            {list.vouchers.map((voucher) => (
              <tr key={voucher.code} className="border-t border-slate-200">
                <Cell label={columns.code} className="font-mono whitespace-nowrap">
                  {voucher.code}
                </Cell>
                <Cell label={columns.note}>{voucher.note ?? '–'}</Cell>
                <Cell label={columns.created}>
                  {voucher.createdAt ? formatInstant(voucher.createdAt, timeZone) : '–'}
                  {voucher.createdBy && <span className="block text-slate-600">{voucher.createdBy}</span>}
                </Cell>
                <Cell label={columns.status}>{statusText[voucher.status]}</Cell>
                <Cell label={columns.usedBy}>{voucher.usedBy ? usedByText(voucher.usedBy) : '–'}</Cell>
                <Cell>
                  {voucher.status === 'unused' && (
                    <button
                      type="button"
                      onClick={() => void revoke(voucher.code)}
                      aria-label={`${adminMessages.voucherRevoke} ${voucher.code}`}
                      className={adminStyles.dangerButton}
                    >
                      {adminMessages.voucherRevoke}
                    </button>
                  )}
                </Cell>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </section>
  );
}
