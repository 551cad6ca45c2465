import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './database';
import * as specTables from './migrations/2026_11_22_0001_spec_tables';
import * as bookingTracking from './migrations/2026_11_22_0002_booking_tracking';
import * as adminSessions from './migrations/2026_11_22_0003_admin_sessions';
import * as outbox from './migrations/2026_11_22_0004_outbox';
import * as cancellation from './migrations/2026_11_22_0005_cancellation';
import * as voucherCodesUppercase from './migrations/2026_11_22_0010_voucher_codes_uppercase';
import * as idempotencyKeys from './migrations/2026_11_22_0011_idempotency_keys';
import * as addressEvents from './migrations/2026_11_22_0012_address_events';
import * as userNameKey from './migrations/2026_11_22_0015_user_name_key';
import * as adminConsole from './migrations/2026_11_22_0020_admin_console';
import * as cancelTokens from './migrations/2026_11_22_0030_cancel_tokens';
import * as ownerBot from './migrations/2026_11_22_0050_owner_bot';
import * as scheduleVersion from './migrations/2026_11_22_0060_schedule_version';
import * as activeBookingsIndex from './migrations/2026_11_22_0070_active_bookings_index';
import * as scheduleVersionNotices from './migrations/2026_11_22_0080_schedule_version_notices';
import * as auditAddress from './migrations/2026_11_25_0090_audit_address';
import * as handover from './migrations/2026_11_26_0100_handover';
import * as classFund from './migrations/2026_11_26_0200_class_fund';
import * as outOfService from './migrations/2026_11_27_0100_out_of_service';
import * as borrowerChat from './migrations/2026_11_27_0200_borrower_chat';
import * as waitingList from './migrations/2026_11_28_0100_waiting_list';
import * as motorKeyPlace from './migrations/2026_11_29_0200_motor_key_place';
import * as outOfServiceAsk from './migrations/2026_11_29_0300_out_of_service_ask';
import * as ledger from './migrations/2026_11_29_0400_ledger';
import * as howToPay from './migrations/2026_11_29_0410_how_to_pay';
import * as paymentClaim from './migrations/2026_11_29_0420_payment_claim';
import * as waitLimits from './migrations/2026_11_29_0500_wait_limits';
import * as outboxClaimedBy from './migrations/2026_11_29_0600_outbox_claimed_by';
import * as push from './migrations/2026_12_01_0100_push';
import * as retentionRun from './migrations/2026_12_01_0200_retention_run';
import * as severalBikes from './migrations/2026_12_01_0300_several_bikes';
import * as bikesScheduleVersion from './migrations/2026_12_02_0200_bikes_schedule_version';
import * as ledgerTotals from './migrations/2026_12_02_0400_ledger_totals';
import * as waitsPerBike from './migrations/2026_12_03_0200_waits_per_bike';
import * as ledgerDuesIndex from './migrations/2026_12_03_0400_ledger_dues_index';

// Imported statically, not read from a folder, so the bundled server carries its migrations.
export const migrations: Record<string, Migration> = {
  '2026_11_22_0001_spec_tables': specTables,
  '2026_11_22_0002_booking_tracking': bookingTracking,
  '2026_11_22_0003_admin_sessions': adminSessions,
  '2026_11_22_0004_outbox': outbox,
  '2026_11_22_0005_cancellation': cancellation,
  '2026_11_22_0010_voucher_codes_uppercase': voucherCodesUppercase,
  '2026_11_22_0011_idempotency_keys': idempotencyKeys,
  '2026_11_22_0012_address_events': addressEvents,
  '2026_11_22_0015_user_name_key': userNameKey,
  '2026_11_22_0020_admin_console': adminConsole,
  '2026_11_22_0030_cancel_tokens': cancelTokens,
  '2026_11_22_0050_owner_bot': ownerBot,
  '2026_11_22_0060_schedule_version': scheduleVersion,
  '2026_11_22_0070_active_bookings_index': activeBookingsIndex,
  '2026_11_22_0080_schedule_version_notices': scheduleVersionNotices,
  '2026_11_25_0090_audit_address': auditAddress,
  '2026_11_26_0100_handover': handover,
  '2026_11_26_0200_class_fund': classFund,
  '2026_11_27_0100_out_of_service': outOfService,
  '2026_11_27_0200_borrower_chat': borrowerChat,
  '2026_11_28_0100_waiting_list': waitingList,
  '2026_11_29_0200_motor_key_place': motorKeyPlace,
  '2026_11_29_0300_out_of_service_ask': outOfServiceAsk,
  '2026_11_29_0400_ledger': ledger,
  '2026_11_29_0410_how_to_pay': howToPay,
  '2026_11_29_0420_payment_claim': paymentClaim,
  '2026_11_29_0500_wait_limits': waitLimits,
  '2026_11_29_0600_outbox_claimed_by': outboxClaimedBy,
  '2026_12_01_0100_push': push,
  '2026_12_01_0200_retention_run': retentionRun,
  '2026_12_01_0300_several_bikes': severalBikes,
  '2026_12_02_0200_bikes_schedule_version': bikesScheduleVersion,
  '2026_12_02_0400_ledger_totals': ledgerTotals,
  '2026_12_03_0200_waits_per_bike': waitsPerBike,
  '2026_12_03_0400_ledger_dues_index': ledgerDuesIndex,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<string[]> {
  // Branches number migrations from ranges of their own and land in any order.
  const migrator = new Migrator({ db: db.kysely, provider, allowUnorderedMigrations: true });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`migration ${failed?.migrationName ?? '(none)'} failed: ${reason}`);
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
