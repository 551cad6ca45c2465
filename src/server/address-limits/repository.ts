import type { Executor } from '../../db/executor';

export type AddressEventKind = 'booking' | 'voucher-guess';

export async function insertAddressEvent(db: Executor, event: { kind: AddressEventKind; ip: string; at: Date }): Promise<void> {
  await db.insertInto('address_events').values({ kind: event.kind, ip: event.ip, at: event.at.toISOString() }).execute();
}

export async function findAddressEventTimes(
  db: Executor,
  { kind, ip, since }: { kind: AddressEventKind; ip: string; since: Date },
): Promise<string[]> {
  const rows = await db
    .selectFrom('address_events')
    .select('at')
    .where('kind', '=', kind)
    .where('ip', '=', ip)
    .where('at', '>', since.toISOString())
    .execute();
  return rows.map((row) => row.at);
}

export async function deleteAddressEventsBefore(db: Executor, before: Date): Promise<void> {
  await db.deleteFrom('address_events').where('at', '<', before.toISOString()).execute();
}
