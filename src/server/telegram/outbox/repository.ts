import { compiledQuery } from '../../../db/compiled-query';
import type { Executor } from '../../../db/executor';

export interface ClaimedMessage {
  id: number;
  kind: string;
  payload: string;
  created_at: string;
  attempts: number;
  /** Null: the owner's chat. */
  chat_id: string | null;
}

/** Which kinds a worker sends: each transport claims its own. */
export type KindFilter = { only: readonly string[]; except?: undefined } | { only?: undefined; except: readonly string[] };

/**
 * With `skipLocked` (PostgreSQL) rows another instance is claiming are skipped, never taken twice;
 * SQLite's one writer makes the statement atomic. A claim whose holder died expires with its lease.
 */
export async function claimDueMessages(
  db: Executor,
  {
    now,
    lockedUntil,
    limit,
    skipLocked,
    claimedBy,
    kinds,
  }: { now: string; lockedUntil: string; limit: number; skipLocked: boolean; claimedBy: string; kinds: KindFilter },
): Promise<ClaimedMessage[]> {
  let due = db
    .selectFrom('outbox')
    .select('id')
    .where('kind', kinds.only ? 'in' : 'not in', kinds.only ?? kinds.except)
    .where('sent_at', 'is', null)
    .where('given_up_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .orderBy('id')
    .limit(limit);
  if (skipLocked) due = due.forUpdate().skipLocked();
  const rows = await db
    .updateTable('outbox')
    .set({ locked_until: lockedUntil, claimed_by: claimedBy })
    .where('id', 'in', due)
    .returning(['id', 'kind', 'payload', 'created_at', 'attempts', 'chat_id'])
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

/** Extends the claim before its send; false when `claimedBy` no longer holds it (another instance took it). */
export async function renewClaim(db: Executor, id: number, { claimedBy, lockedUntil }: { claimedBy: string; lockedUntil: string }) {
  const result = await db
    .updateTable('outbox')
    .set({ locked_until: lockedUntil })
    .where('id', '=', id)
    .where('claimed_by', '=', claimedBy)
    .where('sent_at', 'is', null)
    .where('given_up_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markSent(
  db: Executor,
  id: number,
  { attempts, sentAt, message }: { attempts: number; sentAt: string; message?: { chatId: string; messageId: number } },
): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      attempts,
      sent_at: sentAt,
      locked_until: null,
      last_error: null,
      ...(message ? { sent_chat_id: message.chatId, sent_message_id: message.messageId } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export async function scheduleRetry(
  db: Executor,
  id: number,
  { attempts, nextAttemptAt, error }: { attempts: number; nextAttemptAt: string; error: string },
): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ attempts, next_attempt_at: nextAttemptAt, locked_until: null, last_error: error })
    .where('id', '=', id)
    .execute();
}

export async function markGivenUp(
  db: Executor,
  id: number,
  { attempts, givenUpAt, error }: { attempts: number; givenUpAt: string; error: string },
): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ attempts, given_up_at: givenUpAt, locked_until: null, last_error: error })
    .where('id', '=', id)
    .execute();
}

export async function releaseClaim(db: Executor, id: number): Promise<void> {
  await db.updateTable('outbox').set({ locked_until: null }).where('id', '=', id).execute();
}

const insertOutboxQuery = compiledQuery(
  (db, row: { kind: string; payload: string; at: string; dedupeKey: string | null; chatId: string | null }) =>
    db
      .insertInto('outbox')
      .values({
        kind: row.kind,
        payload: row.payload,
        created_at: row.at,
        attempts: 0,
        next_attempt_at: row.at,
        dedupe_key: row.dedupeKey,
        chat_id: row.chatId,
      })
      .onConflict((conflict) => conflict.column('dedupe_key').doNothing()),
);

/** A second insert of `dedupeKey`, by any instance, is a no-op; true when this call wrote the row. `chatId` null: the owner's chat. */
export async function insertOutboxRow(
  db: Executor,
  kind: string,
  payload: unknown,
  now: Date,
  dedupeKey: string | null = null,
  chatId: string | null = null,
): Promise<boolean> {
  const result = await insertOutboxQuery(db, { kind, payload: JSON.stringify(payload), at: now.toISOString(), dedupeKey, chatId });
  return Number(result.numAffectedRows ?? 0n) > 0;
}

export async function giveUpUnsent(db: Executor, dedupeKey: string, reason: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .updateTable('outbox')
    .set({ given_up_at: at, last_error: reason })
    .where('dedupe_key', '=', dedupeKey)
    .where('sent_at', 'is', null)
    .where('given_up_at', 'is', null)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]))
    .execute();
}

export async function findSentMessageId(db: Executor, dedupeKey: string): Promise<number | undefined> {
  const row = await db.selectFrom('outbox').select('sent_message_id').where('dedupe_key', '=', dedupeKey).executeTakeFirst();
  return row?.sent_message_id ?? undefined;
}

/** The newest row of `kind` whose payload is one of `payloads` (written by JSON.stringify, so equal text is equal content). */
export async function findNewestWithPayload(
  db: Executor,
  kind: string,
  payloads: string[],
): Promise<{ payload: string; createdAt: string } | undefined> {
  const row = await db
    .selectFrom('outbox')
    .select(['payload', 'created_at'])
    .where('kind', '=', kind)
    .where('payload', 'in', payloads)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row && { payload: row.payload, createdAt: row.created_at };
}

export async function findPayloadByKey(db: Executor, dedupeKey: string): Promise<string | undefined> {
  const row = await db.selectFrom('outbox').select('payload').where('dedupe_key', '=', dedupeKey).executeTakeFirst();
  return row?.payload;
}

export interface SentRow {
  dedupeKey: string | null;
  kind: string;
  payload: string;
  messageId: number;
}

function selectSent(db: Executor) {
  return db.selectFrom('outbox').select(['dedupe_key', 'kind', 'payload', 'sent_message_id']).orderBy('id');
}

function toSentRow(row: { dedupe_key: string | null; kind: string; payload: string; sent_message_id: number | null }): SentRow {
  return { dedupeKey: row.dedupe_key, kind: row.kind, payload: row.payload, messageId: row.sent_message_id ?? 0 };
}

export async function findSentRows(db: Executor, dedupeKeys: string[]): Promise<SentRow[]> {
  const rows = await selectSent(db).where('dedupe_key', 'in', dedupeKeys).where('sent_message_id', 'is not', null).execute();
  return rows.map(toSentRow);
}

/** The row that sent a message: its edits come later and carry the same message id. */
export async function findMessageOrigin(db: Executor, chatId: string, messageId: number): Promise<SentRow | undefined> {
  const row = await selectSent(db).where('sent_chat_id', '=', chatId).where('sent_message_id', '=', messageId).executeTakeFirst();
  return row && toSentRow(row);
}

export async function findNewestKeyStarting(db: Executor, kind: string, prefix: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('outbox')
    .select('dedupe_key')
    .where('kind', '=', kind)
    .where('dedupe_key', 'like', `${prefix}%`)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.dedupe_key ?? undefined;
}

/** A chat's messages not yet sent, given up at once (the chat blocked the bot); how many. */
export async function giveUpChat(db: Executor, chatId: string, reason: string, now: Date): Promise<number> {
  const result = await db
    .updateTable('outbox')
    .set({ given_up_at: now.toISOString(), last_error: reason, locked_until: null })
    .where('chat_id', '=', chatId)
    .where('sent_at', 'is', null)
    .where('given_up_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The retention job's: rows sent before `before` have done their work. Unsent and given-up rows stay. */
export async function pruneSentOutbox(db: Executor, before: Date): Promise<number> {
  const result = await db.deleteFrom('outbox').where('sent_at', '<', before.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
