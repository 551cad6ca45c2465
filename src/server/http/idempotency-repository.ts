import { compiledQuery } from '../../db/compiled-query';
import type { Executor } from '../../db/executor';

export interface StoredAnswer {
  requestHash: string;
  status: number;
  body: unknown;
  createdAt: string;
}

const storedAnswerQuery = compiledQuery((db, answer: { key: string; now: string }) =>
  db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status', 'body', 'created_at'])
    .where('key', '=', answer.key)
    .where('expires_at', '>', answer.now),
);

export async function findStoredAnswer(db: Executor, key: string, now: Date): Promise<StoredAnswer | undefined> {
  const [row] = (await storedAnswerQuery(db, { key, now: now.toISOString() })).rows;
  return row && { requestHash: row.request_hash, status: Number(row.status), body: JSON.parse(row.body), createdAt: row.created_at };
}

const insertAnswerQuery = compiledQuery(
  (db, answer: { key: string; requestHash: string; status: number; body: string; createdAt: string; expiresAt: string }) =>
    db.insertInto('idempotency_keys').values({
      key: answer.key,
      request_hash: answer.requestHash,
      status: answer.status,
      body: answer.body,
      created_at: answer.createdAt,
      expires_at: answer.expiresAt,
    }),
);

export async function insertStoredAnswer(
  db: Executor,
  answer: { key: string; requestHash: string; status: number; body: unknown; now: Date; expiresAt: Date },
): Promise<void> {
  await insertAnswerQuery(db, {
    key: answer.key,
    requestHash: answer.requestHash,
    status: answer.status,
    body: JSON.stringify(answer.body),
    createdAt: answer.now.toISOString(),
    expiresAt: answer.expiresAt.toISOString(),
  });
}

export async function deleteExpiredAnswers(db: Executor, now: Date): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** False when a live answer is already stored under the key (another request with it committed first); an expired one is replaced. */
export async function insertStoredAnswerIfAbsent(
  db: Executor,
  answer: { key: string; requestHash: string; status: number; body: unknown; now: Date; expiresAt: Date },
): Promise<boolean> {
  await db.deleteFrom('idempotency_keys').where('key', '=', answer.key).where('expires_at', '<=', answer.now.toISOString()).execute();
  const result = await db
    .insertInto('idempotency_keys')
    .values({
      key: answer.key,
      request_hash: answer.requestHash,
      status: answer.status,
      body: JSON.stringify(answer.body),
      created_at: answer.now.toISOString(),
      expires_at: answer.expiresAt.toISOString(),
    })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}
