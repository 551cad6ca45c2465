import { compiledQuery } from '../../db/compiled-query';
import type { Executor } from '../../db/executor';

export type AddressEventKind = 'booking' | 'voucher-guess' | 'wait' | 'link-code';

const insertEventQuery = compiledQuery((db, event: { kind: AddressEventKind; ip: string; at: string }) =>
  db.insertInto('address_events').values({ kind: event.kind, ip: event.ip, at: event.at }),
);

export async function insertAddressEvent(db: Executor, event: { kind: AddressEventKind; ip: string; at: Date }): Promise<void> {
  await insertEventQuery(db, { kind: event.kind, ip: event.ip, at: event.at.toISOString() });
}

const eventTimesQuery = compiledQuery((db, events: { kind: AddressEventKind; ip: string; since: string }) =>
  db.selectFrom('address_events').select('at').where('kind', '=', events.kind).where('ip', '=', events.ip).where('at', '>', events.since),
);

export async function findAddressEventTimes(
  db: Executor,
  { kind, ip, since }: { kind: AddressEventKind; ip: string; since: Date },
): Promise<string[]> {
  const { rows } = await eventTimesQuery(db, { kind, ip, since: since.toISOString() });
  return rows.map((row) => row.at);
}

export async function deleteAddressEventsBefore(db: Executor, before: Date): Promise<number> {
  const result = await db.deleteFrom('address_events').where('at', '<', before.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
