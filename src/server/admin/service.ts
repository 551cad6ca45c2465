import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { setTimeout as wait } from 'node:timers/promises';
import type { Executor } from '../../db/executor';
import { LOGIN_WINDOW_MS, loginDelayMs, loginRefusalMs, SESSION_LIFETIME_MS } from '../../domain/admin/admin-limits';
import { adminMessages } from '../../domain/admin/admin-messages';
import type { LoginRequest } from '../../domain/schemas/admin';
import { messages } from '../../domain/text/messages';
import { nameKey } from '../../domain/text/name-key';
import { appendAuditEntry, raiseRecentRefusal } from '../audit/service';
import { findUserByName } from '../roster/service';
import {
  deleteExpiredSessions,
  deleteLoginAttempt,
  deleteLoginAttemptsBefore,
  deleteSession,
  findRecentFailures,
  findSessionAdmin,
  insertLoginAttempt,
  insertSession,
  markLoginAttemptSucceeded,
} from './repository';

export interface SessionAdmin {
  id: string;
  name: string;
}

/** `delayedMs`: how long the login waited because its name was under attack. */
export type LoginOutcome =
  | { kind: 'ok'; admin: SessionAdmin; token: string; expiresAt: Date; delayedMs: number }
  | { kind: 'name-not-found' | 'wrong-code' | 'not-admin'; delayedMs: number }
  | { kind: 'rate-limited'; retryAfterMs: number };

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Equal-length digests, so the comparison takes the same time whatever the code's length or content. */
function sameCode(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The attempt is recorded as failed before the limits are counted, so parallel attempts on any instance see each other; one refused by the
 * limit is removed, or anyone could extend a lockout forever (docs/decisions/0008).
 */
export async function login(
  db: Executor,
  input: LoginRequest,
  { ip, now, previousToken }: { ip: string; now: Date; previousToken?: string | undefined },
): Promise<LoginOutcome> {
  const key = nameKey(input.name);
  const attemptId = await insertLoginAttempt(db, { nameKey: key, ip, succeeded: false, at: now });
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const failures = await findRecentFailures(db, { ip, nameKey: key, since, exceptId: attemptId });
  const retryAfterMs = loginRefusalMs(failures, now);
  if (retryAfterMs > 0) {
    await deleteLoginAttempt(db, attemptId);
    return { kind: 'rate-limited', retryAfterMs };
  }
  const delayedMs = loginDelayMs(failures, now);
  if (delayedMs > 0) await wait(delayedMs);

  const user = await findUserByName(db, input.name);
  if (!user) return { kind: 'name-not-found', delayedMs };
  if (!sameCode(input.code, user.id)) return { kind: 'wrong-code', delayedMs };
  if (user.role !== 'admin') return { kind: 'not-admin', delayedMs };

  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await db.transaction().execute(async (trx) => {
    await markLoginAttemptSucceeded(trx, attemptId);
    await insertSession(trx, { tokenHash: hashToken(token), userId: user.id, createdAt: now, expiresAt });
    // Signing in again on the same browser replaces its session rather than leaving the old one valid.
    if (previousToken) await deleteSession(trx, hashToken(previousToken));
    await deleteExpiredSessions(trx, now);
    await deleteLoginAttemptsBefore(trx, since);
  });
  return { kind: 'ok', admin: { id: user.id, name: user.name }, token, expiresAt, delayedMs };
}

export async function findAdminBySessionToken(db: Executor, token: string, now: Date): Promise<SessionAdmin | undefined> {
  return findSessionAdmin(db, hashToken(token), now);
}

export async function endSession(db: Executor, token: string, admin: SessionAdmin, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteSession(trx, hashToken(token));
    await appendAuditEntry(trx, { at: now, actorUserId: admin.id, actorName: admin.name, action: 'logout' });
  });
}

const REFUSAL_REPEAT_WINDOW_MS = 60_000;

const refusalText: Record<Exclude<LoginOutcome['kind'], 'ok'>, string> = {
  'name-not-found': messages.loginNameNotFound,
  'wrong-code': messages.loginWrongCode,
  'not-admin': messages.loginNotAdmin,
  'rate-limited': adminMessages.loginRateLimited,
};

/** A refusal is recorded under the name as typed, never the code. */
export async function auditLogin(db: Executor, typedName: string, outcome: LoginOutcome, now: Date, address: string): Promise<void> {
  if (outcome.kind === 'ok') {
    await appendAuditEntry(db, { at: now, actorUserId: outcome.admin.id, actorName: outcome.admin.name, action: 'login' });
    return;
  }
  // Repeats from one address within a minute count on one entry: nobody can fill Riwayat with a real admin's name.
  const name = typedName.trim();
  if (await raiseRecentRefusal(db, name, address, new Date(now.getTime() - REFUSAL_REPEAT_WINDOW_MS))) return;
  await appendAuditEntry(db, { at: now, actorName: name, action: 'login-refused', detail: refusalText[outcome.kind], address });
}
