import type { Executor } from '../../db/executor';
import type { LoginFailures } from '../../domain/admin/admin-limits';

export interface NewLoginAttempt {
  nameKey: string;
  ip: string;
  succeeded: boolean;
  at: Date;
}

export async function insertLoginAttempt(db: Executor, attempt: NewLoginAttempt): Promise<number> {
  const row = await db
    .insertInto('login_attempts')
    .values({ name_key: attempt.nameKey, ip: attempt.ip, succeeded: attempt.succeeded, attempted_at: attempt.at.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function markLoginAttemptSucceeded(db: Executor, id: number): Promise<void> {
  await db.updateTable('login_attempts').set({ succeeded: true }).where('id', '=', id).execute();
}

export async function deleteLoginAttempt(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('login_attempts').where('id', '=', id).execute();
}

export async function findRecentFailures(
  db: Executor,
  { ip, nameKey, since, exceptId }: { ip: string; nameKey: string; since: Date; exceptId: number },
): Promise<LoginFailures> {
  const rows = await db
    .selectFrom('login_attempts')
    .select(['ip', 'name_key', 'attempted_at'])
    .where('succeeded', '=', false)
    .where('attempted_at', '>', since.toISOString())
    .where('id', '!=', exceptId)
    .where((eb) => eb.or([eb('ip', '=', ip), eb('name_key', '=', nameKey)]))
    .execute();
  return {
    byAddress: rows.filter((row) => row.ip === ip).map((row) => row.attempted_at),
    byNameAndAddress: rows.filter((row) => row.ip === ip && row.name_key === nameKey).map((row) => row.attempted_at),
    byName: rows.filter((row) => row.name_key === nameKey).map((row) => row.attempted_at),
  };
}

export async function deleteLoginAttemptsBefore(db: Executor, before: Date): Promise<void> {
  await db.deleteFrom('login_attempts').where('attempted_at', '<', before.toISOString()).execute();
}

export async function insertSession(
  db: Executor,
  session: { tokenHash: string; userId: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('admin_sessions')
    .values({
      token_hash: session.tokenHash,
      user_id: session.userId,
      created_at: session.createdAt.toISOString(),
      expires_at: session.expiresAt.toISOString(),
    })
    .execute();
}

export async function findSessionAdmin(db: Executor, tokenHash: string, now: Date): Promise<{ id: string; name: string } | undefined> {
  return db
    .selectFrom('admin_sessions')
    .innerJoin('users', 'users.id', 'admin_sessions.user_id')
    .select(['users.id', 'users.name'])
    .where('admin_sessions.token_hash', '=', tokenHash)
    .where('admin_sessions.expires_at', '>', now.toISOString())
    .where('users.role', '=', 'admin')
    .where('users.active', '=', true)
    .executeTakeFirst();
}

export async function deleteSession(db: Executor, tokenHash: string): Promise<void> {
  await db.deleteFrom('admin_sessions').where('token_hash', '=', tokenHash).execute();
}

/** Every session of a user: a member deactivated or demoted is signed out everywhere, for good. */
export async function deleteSessionsOf(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('admin_sessions').where('user_id', '=', userId).execute();
}

export async function deleteExpiredSessions(db: Executor, now: Date): Promise<void> {
  await db.deleteFrom('admin_sessions').where('expires_at', '<=', now.toISOString()).execute();
}
