import type { AdminVoucher } from '../../domain/schemas/admin';
import { type AdminPageProps, AdminShell } from '../features/admin/admin-shell';
import { fetchVouchers } from '../features/admin/api';
import { useAdminList } from '../features/admin/use-admin-list';
import { VoucherGenerator } from '../features/admin/voucher-generator';
import { VoucherList } from '../features/admin/voucher-list';

function VoucherScreen({ signOut, timeZone }: AdminPageProps) {
  const { list, setList, load } = useAdminList(fetchVouchers, signOut);

  const replace = (voucher: AdminVoucher) =>
    setList((previous) =>
      previous.state === 'loaded'
        ? { state: 'loaded', vouchers: previous.vouchers.map((entry) => (entry.code === voucher.code ? voucher : entry)) }
        : previous,
    );

  return (
    <>
      <VoucherGenerator onCreated={() => void load()} onUnauthorized={signOut} />
      <VoucherList list={list} timeZone={timeZone} onRevoked={replace} onUnauthorized={signOut} />
    </>
  );
}

export function GeneratePage() {
  return <AdminShell title="Generate Voucher">{(props) => <VoucherScreen {...props} />}</AdminShell>;
}
