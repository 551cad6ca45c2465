import type { VoucherSummary } from '../../../domain/admin-schemas';
import { formatIndonesianDate } from '../../../domain/clock';
import { messages } from '../../../domain/messages';
import { formatInstant } from './format-instant';

export type VoucherListState = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; vouchers: VoucherSummary[] };

export function VoucherList({ list }: { list: VoucherListState }) {
  return (
    <section aria-labelledby="voucher-list-title" className="flex flex-col gap-3">
      <h2 id="voucher-list-title" className="text-xl font-bold">
        Voucher yang sudah dibuat
      </h2>
      {list.state === 'loading' && <p role="status">{messages.vouchersLoading}</p>}
      {list.state === 'failed' && <p role="alert">{messages.vouchersLoadFailed}</p>}
      {list.state === 'loaded' && list.vouchers.length === 0 && <p>{messages.vouchersEmpty}</p>}
      {list.state === 'loaded' && list.vouchers.length > 0 && (
        <div className="overflow-x-auto rounded-lg bg-white shadow">
          <table className="w-full text-left">
            <thead className="bg-slate-100">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Kode
                </th>
                <th scope="col" className="px-3 py-2">
                  Dibuat
                </th>
                <th scope="col" className="px-3 py-2">
                  Status
                </th>
                <th scope="col" className="px-3 py-2">
                  Dipakai oleh
                </th>
              </tr>
            </thead>
            <tbody>
              {list.vouchers.map((voucher) => (
                <tr key={voucher.code} className="border-t border-slate-200">
                  <td className="px-3 py-2 font-mono whitespace-nowrap">{voucher.code}</td>
                  <td className="px-3 py-2">{voucher.createdAt ? formatInstant(voucher.createdAt) : '–'}</td>
                  <td className="px-3 py-2">{voucher.isUsed ? messages.voucherUsed : messages.voucherUnused}</td>
                  <td className="px-3 py-2">
                    {voucher.usedBy ? `${voucher.usedBy.name}, ${formatIndonesianDate(voucher.usedBy.date)}` : '–'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
