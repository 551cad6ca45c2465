import { useState } from 'react';
import { adminMessages } from '../../../domain/admin-messages';
import { formatIndonesianDate } from '../../../domain/clock';
import { messages } from '../../../domain/messages';
import type { AdminVoucher } from '../../../domain/schemas/admin';
import { revokeVoucher } from './api';
import { formatInstant } from './format-instant';
import { ScrollTable, TableHeadWithActions } from './scroll-table';
import { adminStyles } from './styles';

export type VoucherListState = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; vouchers: AdminVoucher[] };

const statusText = { unused: messages.voucherUnused, used: messages.voucherUsed, revoked: adminMessages.voucherRevoked } as const;

function usedByText(usedBy: NonNullable<AdminVoucher['usedBy']>): string {
  const end = usedBy.endDate === usedBy.date ? usedBy.end : adminMessages.endsNextDayShort(usedBy.end);
  return `${usedBy.name}, ${formatIndonesianDate(usedBy.date)} ${usedBy.start}–${end}`;
}

export function VoucherList({
  list,
  onRevoked,
  onUnauthorized,
}: {
  list: VoucherListState;
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
          <TableHeadWithActions labels={['Kode', adminMessages.voucherNote, 'Dibuat', 'Status', 'Dipakai oleh']} />
          <tbody>
            {list.vouchers.map((voucher) => (
              <tr key={voucher.code} className="border-t border-slate-200">
                <td className={`${adminStyles.td} font-mono whitespace-nowrap`}>{voucher.code}</td>
                <td className={adminStyles.td}>{voucher.note ?? '–'}</td>
                <td className={adminStyles.td}>
                  {voucher.createdAt ? formatInstant(voucher.createdAt) : '–'}
                  {voucher.createdBy && <span className="block text-slate-600">{voucher.createdBy}</span>}
                </td>
                <td className={adminStyles.td}>{statusText[voucher.status]}</td>
                <td className={adminStyles.td}>{voucher.usedBy ? usedByText(voucher.usedBy) : '–'}</td>
                <td className={adminStyles.td}>
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
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </section>
  );
}
