import type { Executor } from '../../../db/executor';

export interface StoredAnswer {
  requestHash: string;
  status: number;
  body: unknown;
  createdAt: string;
}

export async function findStoredAnswer(db: Executor, key: string, now: Date): Promise<StoredAnswer | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status', 'body', 'created_at'])
    .where('key', '=', key)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row && { requestHash: row.request_hash, status: Number(row.status), body: JSON.parse(row.body), createdAt: row.created_at };
}

export async function insertStoredAnswer(
  db: Executor,
  answer: { key: string; requestHash: string; status: number; body: unknown; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('idempotency_keys')
    .values({
      key: answer.key,
      request_hash: answer.requestHash,
      status: answer.status,
      body: JSON.stringify(answer.body),
      created_at: answer.now.toISOString(),
      expires_at: answer.expiresAt.toISOString(),
    })
    .execute();
}

export async function deleteExpiredAnswers(db: Executor, now: Date): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now.toISOString()).execute();
}
