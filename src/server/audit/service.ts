import type { Executor } from '../../db/executor';
import { AUDIT_PAGE_SIZE } from '../../domain/admin/audit';
import type { AuditEntry } from '../../domain/schemas/admin';
import { countAuditEntries, findAuditEntries } from './repository';

export { appendAuditEntry, raiseRecentRefusal } from './repository';

export async function auditPage(db: Executor, page: number): Promise<{ entries: AuditEntry[]; page: number; pages: number }> {
  const total = await countAuditEntries(db);
  const rows = await findAuditEntries(db, { limit: AUDIT_PAGE_SIZE, offset: (page - 1) * AUDIT_PAGE_SIZE });
  return {
    entries: rows.map((row) => ({
      at: row.at,
      who: row.actorName,
      action: row.action,
      target: row.target,
      detail: row.detail,
      ...(row.action === 'login-refused' ? { address: row.address, repeats: row.repeats } : {}),
    })),
    page,
    pages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
  };
}
