import type { Executor } from '../../db/executor';
import type { AuditAction } from '../../domain/admin/audit';

export interface NewAuditEntry {
  at: Date;
  actorUserId?: string;
  actorName: string;
  action: AuditAction;
  target?: string;
  detail?: string;
  address?: string;
}

export interface AuditRow {
  at: string;
  actorName: string;
  action: string;
  target: string | null;
  detail: string | null;
  address: string | null;
  repeats: number;
}

export async function appendAuditEntry(db: Executor, entry: NewAuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: entry.at.toISOString(),
      actor_user_id: entry.actorUserId ?? null,
      actor_name: entry.actorName,
      action: entry.action,
      target: entry.target ?? null,
      detail: entry.detail ?? null,
      address: entry.address ?? null,
    })
    .execute();
}

/** Newest first (by insertion order, which two entries of one millisecond keep). */
export async function findAuditEntries(db: Executor, { limit, offset }: { limit: number; offset: number }): Promise<AuditRow[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select(['at', 'actor_name', 'action', 'target', 'detail', 'address', 'repeats'])
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((row) => ({
    at: row.at,
    actorName: row.actor_name,
    action: row.action,
    target: row.target,
    detail: row.detail,
    address: row.address,
    repeats: Number(row.repeats),
  }));
}

/**
 * Counts one more refused sign-in on the newest entry for the same name and address made at or
 * after `since`; false when there is none, and a new entry is due. The only change an entry ever sees.
 */
export async function raiseRecentRefusal(db: Executor, actorName: string, address: string, since: Date): Promise<boolean> {
  const recent = await db
    .selectFrom('audit_log')
    .select('id')
    .where('action', '=', 'login-refused')
    .where('actor_name', '=', actorName)
    .where('address', '=', address)
    .where('at', '>=', since.toISOString())
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!recent) return false;
  await db
    .updateTable('audit_log')
    .set((eb) => ({ repeats: eb('repeats', '+', 1) }))
    .where('id', '=', recent.id)
    .execute();
  return true;
}

export async function countAuditEntries(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
