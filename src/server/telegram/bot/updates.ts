import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../db/database';
import type { TelegramConfig } from '../../config';
import { callTelegram } from '../bot-api';
import { enqueueBotText, enqueueOutbox } from '../outbox/enqueue';
import { type BotAnswer, type BotRoutes, type ChatMessage, type ChatRoutes, commandOf, type OwnerScope } from './routes';

const chat = z.object({ id: z.union([z.number(), z.string()]), type: z.string().optional() });
export const updateSchema = z.object({
  update_id: z.number().int().nonnegative(),
  message: z
    .object({ chat, text: z.string().optional(), reply_to_message: z.object({ message_id: z.number().int() }).optional() })
    .optional(),
  callback_query: z
    .object({
      id: z.string(),
      data: z.string().optional(),
      message: z.object({ message_id: z.number().int(), chat }).optional(),
    })
    .optional(),
});

export type Update = z.infer<typeof updateSchema>;

export interface UpdateHandlerDeps {
  db: Db;
  telegram: TelegramConfig;
  log: FastifyBaseLogger;
  signal: AbortSignal;
  routes: BotRoutes;
}

// answerCallbackQuery must come within a second or so, or the owner's spinner keeps turning.
const ANSWER_TIMEOUT_MS = 3000;

const MAX_REMEMBERED_STRANGERS = 1000;

export function updateKey(updateId: number): string {
  return `update:${updateId}`;
}

type Message = NonNullable<Update['message']> & { text: string };
type Query = NonNullable<Update['callback_query']>;

function replier(db: Db, owner: OwnerScope | undefined, chatId: string, key: string): (answer: BotAnswer, at: Date) => Promise<void> {
  return async ({ text, keyboard }, at) => {
    if (!owner) await enqueueOutbox(db.kysely, 'borrower', { text }, { now: at, dedupeKey: key, chatId });
    else if (owner.chatId === null) await enqueueBotText(db.kysely, 'reply', text, key, at, keyboard);
    else
      await enqueueOutbox(db.kysely, 'reply', keyboard === undefined ? { text } : { text, keyboard }, { now: at, dedupeKey: key, chatId });
  };
}

/** Idempotent: all it sends goes via the outbox under `update:{update_id}`. Heard: the owner's chat and private chats. */
export function createUpdateHandler({ db, telegram, log, signal, routes }: UpdateHandlerDeps): (raw: unknown) => Promise<void> {
  const strangers = new Set<string>();

  function isOwnerChat(chatId: number | string): boolean {
    if (String(chatId) === telegram.chatId) return true;
    const id = String(chatId);
    // Logged once per chat: a stranger who keeps writing does not fill the log.
    if (!strangers.has(id)) {
      if (strangers.size >= MAX_REMEMBERED_STRANGERS) strangers.clear();
      strangers.add(id);
      log.info({ chatId: id }, 'Telegram update from another chat ignored');
    }
    return false;
  }

  async function answerCallback(callbackQueryId: string, text?: string): Promise<void> {
    const outcome = await callTelegram(
      telegram,
      'answerCallbackQuery',
      { callback_query_id: callbackQueryId, ...(text ? { text } : {}) },
      { timeoutMs: ANSWER_TIMEOUT_MS, signal },
    );
    if (outcome.kind === 'retry' || outcome.kind === 'rejected') log.warn({ error: outcome.error }, 'answerCallbackQuery failed');
  }

  function chatMessage(owner: OwnerScope | undefined, updateId: number, message: Message): ChatMessage {
    const chatId = String(message.chat.id);
    const key = updateKey(updateId);
    const { argument } = commandOf(message.text);
    const replyTo = message.reply_to_message?.message_id;
    return { updateKey: key, chatId, text: message.text, argument, replyTo, owner, reply: replier(db, owner, chatId, key) };
  }

  async function hear(chatRoutes: ChatRoutes, owner: OwnerScope | undefined, updateId: number, message: Message): Promise<void> {
    const { command } = commandOf(message.text);
    const handler = command === '' ? chatRoutes.text : (chatRoutes.commands[command] ?? chatRoutes.otherCommand);
    await handler?.(chatMessage(owner, updateId, message));
  }

  async function hearPrivate(updateId: number, message: Message): Promise<void> {
    if (commandOf(message.text).command === '/start' && (await routes.owners.start(chatMessage(undefined, updateId, message)))) return;
    const owner = await routes.owners.scopeOf(String(message.chat.id));
    return owner ? hear(routes.bikeOwner, owner, updateId, message) : hear(routes.borrower, undefined, updateId, message);
  }

  async function press(chatRoutes: ChatRoutes, updateId: number, query: Query, owner?: OwnerScope): Promise<void> {
    const { data, message } = query;
    if (data !== undefined && message !== undefined) {
      const at = { updateKey: updateKey(updateId), chatId: String(message.chat.id), messageId: message.message_id, owner };
      for (const route of chatRoutes.buttons) {
        const parsed = route.parse(data);
        if (parsed !== undefined) return answerCallback(query.id, await route.press(parsed, at));
      }
    }
    return answerCallback(query.id);
  }

  async function pressPrivate(updateId: number, query: Query, chatId: string): Promise<void> {
    const owner = await routes.owners.scopeOf(chatId);
    return owner ? press(routes.bikeOwner, updateId, query, owner) : press(routes.borrower, updateId, query);
  }

  return async (raw) => {
    const result = updateSchema.safeParse(raw);
    if (!result.success) {
      log.warn('Telegram update not understood, skipped');
      return;
    }
    const { update_id: updateId, callback_query: query, message } = result.data;
    if (query) {
      const from = query.message?.chat;
      if (query.message && from?.type === 'private' && String(from.id) !== telegram.chatId)
        return pressPrivate(updateId, query, String(from.id));
      // A button elsewhere (the bot added to another group) is answered, so its spinner stops.
      if (!query.message || !isOwnerChat(query.message.chat.id)) return answerCallback(query.id);
      return press(routes.owner, updateId, query, await routes.owners.scopeOf(null));
    }
    if (message?.text === undefined) {
      if (message) isOwnerChat(message.chat.id);
      return;
    }
    const text = { ...message, text: message.text };
    // Borrowers and bikes' owners talk to the bot in private chats (issue 26, 0060); other groups are ignored.
    if (message.chat.type === 'private' && String(message.chat.id) !== telegram.chatId) return hearPrivate(updateId, text);
    if (isOwnerChat(message.chat.id)) await hear(routes.owner, await routes.owners.scopeOf(null), updateId, text);
  };
}
