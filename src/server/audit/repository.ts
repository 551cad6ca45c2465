import type { Executor } from '../../db/executor';
import type { AuditAction } from '../../domain/audit';

export interface NewAuditEntry {
  at: Date;
  actorUserId?: string;
  actorName: string;
  action: AuditAction;
  target?: string;
  detail?: string;
}

export interface AuditRow {
  at: string;
  actorName: string;
  action: string;
  target: string | null;
  detail: string | null;
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
    })
    .execute();
}

/** Newest first (by insertion order, which two entries of one millisecond keep). */
export async function findAuditEntries(db: Executor, { limit, offset }: { limit: number; offset: number }): Promise<AuditRow[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select(['at', 'actor_name', 'action', 'target', 'detail'])
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((row) => ({ at: row.at, actorName: row.actor_name, action: row.action, target: row.target, detail: row.detail }));
}

export async function countAuditEntries(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
