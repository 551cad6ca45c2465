import { useEffect, useState } from 'react';
import type { CreatedVoucher } from '../../domain/admin-schemas';
import { messages } from '../../domain/messages';
import { PageHeading } from '../components/page-heading';
import { fetchVouchers, logoutAdmin } from '../features/admin/api';
import { useAdminAccess } from '../features/admin/use-admin-access';
import { VoucherGenerator } from '../features/admin/voucher-generator';
import { VoucherList, type VoucherListState } from '../features/admin/voucher-list';

export function GeneratePage() {
  const { access, retry, signOut } = useAdminAccess();
  const [list, setList] = useState<VoucherListState>({ state: 'loading' });
  const [logoutFailed, setLogoutFailed] = useState(false);
  const allowed = access.state === 'allowed';

  useEffect(() => {
    if (!allowed) return;
    let current = true;
    fetchVouchers().then((result) => {
      if (!current) return;
      if (result.ok) setList({ state: 'loaded', vouchers: result.data.vouchers });
      else if (result.status === 401) signOut();
      else setList({ state: 'failed' });
    });
    return () => {
      current = false;
    };
  }, [allowed, signOut]);

  async function logout() {
    setLogoutFailed(false);
    const result = await logoutAdmin();
    // 401: the session had already ended, which is what logging out wants.
    if (result.ok || result.status === 401) signOut();
    else setLogoutFailed(true);
  }

  function addVoucher(voucher: CreatedVoucher) {
    const summary = { ...voucher, isUsed: false, usedBy: null };
    setList((previous) => ({ state: 'loaded', vouchers: [summary, ...(previous.state === 'loaded' ? previous.vouchers : [])] }));
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
