import type { Executor } from '../../../db/executor';
import type { HandoverKeyboard } from '../../../domain/chat/owner-bot';
import { type OutboxKind, type OutboxPayload, outboxKinds } from './kinds';
import { insertOutboxRow } from './repository';

export interface EnqueueOptions {
  now: Date;
  /** A second row with this key, by any instance, is not written. */
  dedupeKey?: string | null;
  /** Absent: the owner's chat. */
  chatId?: string | null;
}

/**
 * Queues one message, checked against its kind's schema first: a payload the worker could not send throws here, so the caller's transaction
 * rolls back instead of a row failing later. True when this call wrote the row. The payload is stored as given, so the row reads as before.
 */
export async function enqueueOutbox<K extends OutboxKind>(
  db: Executor,
  kind: K,
  payload: OutboxPayload<K>,
  { now, dedupeKey = null, chatId = null }: EnqueueOptions,
): Promise<boolean> {
  const checked = outboxKinds[kind].schema.safeParse(payload);
  if (!checked.success) throw new Error(`outbox ${kind}: payload refused: ${checked.error.message}`);
  return insertOutboxRow(db, kind, payload, now, dedupeKey, chatId);
}

export type BotTextKind = 'digest' | 'reminder' | 'reply' | 'handover';

/** A text to the owner's chat, once per `dedupeKey`; true when this call wrote it. */
export async function enqueueBotText(
  db: Executor,
  kind: BotTextKind,
  text: string,
  dedupeKey: string,
  now: Date,
  keyboard?: HandoverKeyboard,
): Promise<boolean> {
  return enqueueOutbox(db, kind, keyboard === undefined ? { text } : { text, keyboard }, { now, dedupeKey });
}
