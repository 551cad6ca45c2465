import { useCallback, useEffect, useState } from 'react';
import type { AdminVoucher } from '../../domain/admin-schemas';
import { type AdminPageProps, AdminShell } from '../features/admin/admin-shell';
import { fetchVouchers } from '../features/admin/api';
import { VoucherGenerator } from '../features/admin/voucher-generator';
import { VoucherList, type VoucherListState } from '../features/admin/voucher-list';

function VoucherScreen({ signOut }: AdminPageProps) {
  const [list, setList] = useState<VoucherListState>({ state: 'loading' });

  const load = useCallback(async () => {
    const result = await fetchVouchers();
    if (result.ok) setList({ state: 'loaded', vouchers: result.data.vouchers });
    else if (result.status === 401) signOut();
    else setList({ state: 'failed' });
  }, [signOut]);

  useEffect(() => {
    void load();
  }, [load]);

  const replace = (voucher: AdminVoucher) =>
    setList((previous) =>
      previous.state === 'loaded'
        ? { state: 'loaded', vouchers: previous.vouchers.map((entry) => (entry.code === voucher.code ? voucher : entry)) }
        : previous,
    );

  return (
    <>
      <VoucherGenerator onCreated={() => void load()} onUnauthorized={signOut} />
      <VoucherList list={list} onRevoked={replace} onUnauthorized={signOut} />
    </>
  );
}

export function GeneratePage() {
  return <AdminShell title="Generate Voucher">{(props) => <VoucherScreen {...props} />}</AdminShell>;
}
