import { createHash } from 'node:crypto';
import type { Executor } from '../../db/executor';
import {
  type HandoverKeyboard,
  type HandoverMessageRole,
  handoverLines,
  keyboardAfterRecord,
  keyboardRefs,
  noticeTextWithLines,
  type RecordedHandover,
} from '../../domain/chat/owner-bot';
import { messages } from '../../domain/text/messages';
import { ownerChatOfBooking } from '../bookings/owner-notice';
import { enqueueOutbox } from '../telegram/outbox/enqueue';
import { bookingNoticeSchema, botTextSchema, findOutboxText } from '../telegram/outbox/kinds';
import { findMessageOrigin, findNewestKeyStarting, findPayloadByKey, findSentRows, type SentRow } from '../telegram/outbox/sent';

const ROLE_KEYS: Record<HandoverMessageRole, string> = {
  notice: 'booking',
  reminder: 'reminder',
  noShow: 'noshow',
  ended: 'ended',
  late: 'late',
};

/** One message per booking and role, however many instances see it due. */
export function handoverMessageKey(role: HandoverMessageRole, ref: string): string {
  return `${ROLE_KEYS[role]}:${ref}`;
}

type RecordedBooking = RecordedHandover & { ref: string };

/** Once per content: the same record twice edits once, an admin's correction that changes what shows edits again. */
function editKey(edit: MessageEdit): string {
  const content = createHash('sha256')
    .update(JSON.stringify([edit.text, edit.keyboard]))
    .digest('base64url')
    .slice(0, 22);
  return `edit:${edit.messageId}:${content}`;
}

function editedText(row: SentRow, role: HandoverMessageRole | undefined, lines: string[]): string | undefined {
  if (role === 'notice') {
    try {
      const notice = bookingNoticeSchema.safeParse(JSON.parse(row.payload));
      return notice.success ? noticeTextWithLines(notice.data, lines) : undefined;
    } catch {
      return undefined;
    }
  }
  const text = findOutboxText(row.kind, row.payload);
  return text === undefined ? undefined : [text, ...lines].join('\n');
}

interface MessageEdit {
  messageId: number;
  text: string;
  keyboard: HandoverKeyboard;
}

async function enqueueMessageEdit(db: Executor, edit: MessageEdit, chatId: string | null, now: Date): Promise<void> {
  await enqueueOutbox(db, 'message-edit', edit, { now, dedupeKey: editKey(edit), chatId });
}

/**
 * In the recording's transaction, whoever recorded it: every message already sent about the booking shows what is recorded and keeps only
 * the buttons that still apply. With Telegram off none was sent, so nothing is queued.
 */
export async function enqueueHandoverEdits(
  db: Executor,
  booking: RecordedBooking,
  timeZone: string,
  now: Date,
  pressed?: { messageId: number; keyboard: HandoverKeyboard },
): Promise<void> {
  const roles = Object.keys(ROLE_KEYS) as HandoverMessageRole[];
  const sent = await findSentRows(
    db,
    roles.map((role) => handoverMessageKey(role, booking.ref)),
  );
  const lines = handoverLines(booking, timeZone);
  const chatId = sent.length > 0 ? await ownerChatOfBooking(db, booking.ref) : null;
  for (const row of sent) {
    const role = roles.find((candidate) => row.dedupeKey === handoverMessageKey(candidate, booking.ref));
    const text = editedText(row, role, lines);
    if (role === undefined || text === undefined) continue;
    const keyboard = pressed?.messageId === row.messageId ? pressed.keyboard : keyboardAfterRecord(role, booking.stage, booking.ref);
    await enqueueMessageEdit(db, { messageId: row.messageId, text, keyboard }, chatId, now);
  }
}

export interface HandoverMessage {
  messageId: number;
  /** Which scheduled message it is; undefined for a command's reply. */
  role: HandoverMessageRole | undefined;
  text: string;
  refs: string[];
}

/** A message the bot sent with handover buttons; its buttons act on `refs` only. */
export async function findHandoverMessage(db: Executor, chatId: string, messageId: number): Promise<HandoverMessage | undefined> {
  const row = await findMessageOrigin(db, chatId, messageId);
  if (!row) return undefined;
  let parsed: ReturnType<typeof botTextSchema.safeParse>;
  try {
    parsed = botTextSchema.safeParse(JSON.parse(row.payload));
  } catch {
    return undefined;
  }
  if (!parsed.success || parsed.data.keyboard === undefined) return undefined;
  const { keyboard, text } = parsed.data;
  const refs = keyboardRefs(keyboard);
  const roles = Object.keys(ROLE_KEYS) as HandoverMessageRole[];
  const role = roles.find((candidate) => refs.some((ref) => row.dedupeKey === handoverMessageKey(candidate, ref)));
  return { messageId, role, text, refs };
}

/** A command's reply whose button recorded the event: it shows the record, without buttons. */
export async function enqueueReplyEdit(
  db: Executor,
  message: Pick<HandoverMessage, 'messageId' | 'text'>,
  booking: RecordedBooking,
  timeZone: string,
  now: Date,
  keyboard: HandoverKeyboard = { kind: 'none' },
): Promise<void> {
  const text = [message.text, ...handoverLines(booking, timeZone)].join('\n');
  await enqueueMessageEdit(db, { messageId: message.messageId, text, keyboard }, await ownerChatOfBooking(db, booking.ref), now);
}

/** No buttons stay under an ended booking's messages (returned, released, cancelled); a stale press is refused by the lifecycle. */
export async function enqueueHandoverButtonsRemoved(db: Executor, ref: string, now: Date): Promise<void> {
  const roles = (Object.keys(ROLE_KEYS) as HandoverMessageRole[]).filter((role) => role !== 'notice');
  const sent = await findSentRows(
    db,
    roles.map((role) => handoverMessageKey(role, ref)),
  );
  const chatId = sent.length > 0 ? await ownerChatOfBooking(db, ref) : null;
  for (const row of sent)
    await enqueueHandoverKeyboard(
      db,
      { messageId: row.messageId, keyboard: { kind: 'none' } },
      unbuttonKey(row.messageId, chatId),
      now,
      chatId,
    );
}

/** Telegram numbers messages per chat: a linked owner chat's message id may be the main chat's too. */
export function unbuttonKey(messageId: number, chatId: string | null): string {
  return chatId === null ? `unbutton:${messageId}` : `unbutton:${messageId}@${chatId}`;
}

export async function enqueueHandoverKeyboard(
  db: Executor,
  edit: { messageId: number; keyboard: HandoverKeyboard },
  dedupeKey: string,
  now: Date,
  chatId: string | null = null,
): Promise<void> {
  await enqueueOutbox(db, 'handover-keyboard', edit, { now, dedupeKey, chatId });
}

function kmQuestionKey(ref: string): string {
  return `km:${ref}`;
}

function kmDoneKey(ref: string): string {
  return `kmdone:${ref}`;
}

/** After a return recorded from the chat, once per booking. */
export async function enqueueKmQuestion(db: Executor, ref: string, now: Date): Promise<void> {
  const payload = { text: messages.ownerBot.kmQuestion, keyboard: { kind: 'skipKm', ref } } as const;
  await enqueueOutbox(db, 'handover', payload, { now, dedupeKey: kmQuestionKey(ref), chatId: await ownerChatOfBooking(db, ref) });
}

/** The ref whose kilometre question a number answers: the one replied to, else the newest if it is this chat's; none once closed. */
export async function findOpenKmQuestion(
  db: Executor,
  { chatId, ownerChat }: { chatId: string; ownerChat: string | null },
  replyTo: number | undefined,
): Promise<string | undefined> {
  const key =
    replyTo === undefined
      ? await findNewestKeyStarting(db, 'handover', kmQuestionKey(''))
      : (await findMessageOrigin(db, chatId, replyTo))?.dedupeKey;
  if (!key?.startsWith(kmQuestionKey(''))) return undefined;
  const ref = key.slice(kmQuestionKey('').length);
  if (replyTo === undefined && (await ownerChatOfBooking(db, ref)) !== ownerChat) return undefined;
  return (await findPayloadByKey(db, kmDoneKey(ref))) === undefined ? ref : undefined;
}

/** Closes the kilometre question with `line` and without its button; false when it was closed already. */
export async function closeKmQuestion(db: Executor, ref: string, line: string, now: Date): Promise<boolean> {
  const [question] = await findSentRows(db, [kmQuestionKey(ref)]);
  if (!question) return false;
  const text = `${messages.ownerBot.kmQuestion}\n${line}`;
  const edit = { messageId: question.messageId, text, keyboard: { kind: 'none' } } as const;
  return enqueueOutbox(db, 'message-edit', edit, { now, dedupeKey: kmDoneKey(ref), chatId: await ownerChatOfBooking(db, ref) });
}

export type BikeQuestion = Extract<HandoverKeyboard, { kind: 'chooseBike' }>;

/** What a `Motor yang mana?` message asked, if the bot sent it in this chat. */
export async function findBikeChoice(db: Executor, chatId: string, messageId: number): Promise<BikeQuestion | undefined> {
  const row = await findMessageOrigin(db, chatId, messageId);
  if (!row) return undefined;
  try {
    const parsed = botTextSchema.safeParse(JSON.parse(row.payload));
    return parsed.success && parsed.data.keyboard?.kind === 'chooseBike' ? parsed.data.keyboard : undefined;
  } catch {
    return undefined;
  }
}
