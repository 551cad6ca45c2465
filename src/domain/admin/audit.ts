import { adminMessages } from './admin-messages';

// As stored in `audit_log.action`.
export const auditActions = [
  'login',
  'login-refused',
  'logout',
  'voucher-generated',
  'voucher-revoked',
  'booking-cancelled',
  'member-added',
  'member-edited',
  'member-deactivated',
  'member-activated',
  'roster-imported',
  'handover-recorded',
  'handover-corrected',
  'motorbike-edited',
  'motorbike-added',
  'charge-changed',
  'payment-recorded',
  'expense-recorded',
  'entry-corrected',
  'out-of-service-created',
  'out-of-service-ended',
  'out-of-service-edited',
  'wait-ended',
] as const;

export type AuditAction = (typeof auditActions)[number];

export const AUDIT_PAGE_SIZE = 50;

export function isAuditAction(value: string): value is AuditAction {
  return (auditActions as readonly string[]).includes(value);
}

export function auditActionLabel(action: string): string {
  return isAuditAction(action) ? adminMessages.auditAction[action] : action;
}
