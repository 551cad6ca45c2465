import { useEffect, useState } from 'react';
import type { CreatedVoucher, VoucherSummary } from '../../domain/admin-schemas';
import { messages } from '../../domain/messages';
import { PageHeading } from '../components/page-heading';
import { fetchVouchers, logoutAdmin } from '../features/admin/api';
import { useAdminAccess } from '../features/admin/use-admin-access';
import { VoucherGenerator } from '../features/admin/voucher-generator';
import { VoucherList, type VoucherListState } from '../features/admin/voucher-list';
import { useFetch } from '../lib/use-fetch';

export function GeneratePage() {
  const { access, retry, signOut } = useAdminAccess();
  const vouchers = useFetch(access.state === 'allowed' ? 'vouchers' : undefined, (_key, signal) => fetchVouchers(signal));
  // Made on this page since the list was fetched, newest first.
  const [added, setAdded] = useState<VoucherSummary[]>([]);
  const [logoutFailed, setLogoutFailed] = useState(false);
  const unauthorized = vouchers.status === 'failed' && vouchers.failure.status === 401;

  useEffect(() => {
    if (unauthorized) signOut();
  }, [unauthorized, signOut]);

  const list: VoucherListState =
    vouchers.status === 'ready'
      ? {
          state: 'loaded',
          vouchers: [
            ...added.filter((voucher) => !vouchers.data.vouchers.some((listed) => listed.code === voucher.code)),
            ...vouchers.data.vouchers,
          ],
        }
      : vouchers.status === 'failed'
        ? { state: 'failed' }
        : { state: 'loading' };

  async function logout() {
    setLogoutFailed(false);
    const result = await logoutAdmin();
    // 401: the session had already ended, which is what logging out wants.
    if (result.ok || result.status === 401) signOut();
    else setLogoutFailed(true);
  }

  function addVoucher(voucher: CreatedVoucher) {
    setAdded((previous) => [{ ...voucher, isUsed: false, usedBy: null }, ...previous]);
  }

  if (access.state === 'checking') return <p role="status">{messages.checkingAccess}</p>;
  if (access.state === 'failed') {
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="alert">{messages.accessCheckFailed}</p>
        <button type="button" onClick={retry} className="min-h-11 rounded-md bg-blue-700 px-4 font-semibold text-white">
          Coba lagi
        </button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <PageHeading>Generate Voucher</PageHeading>
          <p className="text-slate-700">Masuk sebagai {access.admin.name}</p>
        </div>
        <button
          type="button"
          onClick={logout}
          className="min-h-11 rounded-md border border-slate-400 bg-white px-4 font-medium text-slate-800 hover:bg-slate-100"
        >
          Keluar
        </button>
      </div>
      {logoutFailed && <p role="alert">{messages.logoutFailed}</p>}
      <VoucherGenerator onCreated={addVoucher} onUnauthorized={signOut} />
      <VoucherList list={list} />
    </div>
  );
}
