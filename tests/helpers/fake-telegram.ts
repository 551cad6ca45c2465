import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TelegramConfig } from '../../src/server/config';

export interface MarkdownEntity {
  type: 'bold' | 'italic' | 'code' | 'pre' | 'text_link';
  offset: number;
  length: number;
  url?: string;
}

/** Telegram's own words when it cannot parse a text. */
export class MarkdownParseError extends Error {}

const SPECIAL = '_*`[';

/**
 * A model of how Telegram parses `parse_mode: "Markdown"` (legacy), after tdlib's
 * parse_markdown: a backslash escapes `_ * ` [` outside an entity only; an entity runs to the
 * next end character with no escaping inside; an entity without its end fails the message.
 */
export function parseLegacyMarkdown(input: string): { text: string; entities: MarkdownEntity[] } {
  let text = '';
  const entities: MarkdownEntity[] = [];
  let index = 0;
  while (index < input.length) {
    const char = input.charAt(index);
    if (char === '\\' && SPECIAL.includes(input[index + 1] ?? 'none')) {
      text += input[index + 1];
      index += 2;
      continue;
    }
    if (!SPECIAL.includes(char)) {
      text += char;
      index += 1;
      continue;
    }
    const begin = index;
    const isPre = input.startsWith('```', index);
    const end = isPre ? '```' : char === '[' ? ']' : char;
    const bodyStart = index + (isPre ? 3 : 1);
    const close = input.indexOf(end, bodyStart);
    if (close < 0) {
      throw new MarkdownParseError(`Can't find end of the entity starting at byte offset ${Buffer.byteLength(input.slice(0, begin))}`);
    }
    const body = input.slice(bodyStart, close);
    index = close + end.length;
    let url: string | undefined;
    if (char === '[') {
      if (input[index] === '(') {
        const urlEnd = input.indexOf(')', index);
        url = input.slice(index + 1, urlEnd < 0 ? input.length : urlEnd);
        index = urlEnd < 0 ? input.length : urlEnd + 1;
      } else {
        url = body;
      }
    }
    if (body.length > 0) {
      const type = isPre ? 'pre' : ({ '*': 'bold', _: 'italic', '`': 'code', '[': 'text_link' } as const)[char as '*'];
      entities.push({ type, offset: text.length, length: body.length, ...(url === undefined ? {} : { url }) });
    }
    text += body;
  }
  return { text, entities };
}

export type FakeAnswer =
  /** Accepts a valid message, after `delayMs` when given. */
  | { kind: 'ok'; delayMs?: number }
  | { kind: 'error'; status: number; description: string; retryAfter?: number }
  /** Never answers; the client has to give up. */
  | { kind: 'hang' };

export interface RecordedRequest {
  method: string;
  path: string;
  contentType: string | undefined;
  /** The parsed JSON body, or the raw text when it is not JSON. */
  body: unknown;
}

export interface DeliveredMessage {
  chatId: unknown;
  messageId: number;
  /** The inline keyboard sent with it, if any. */
  replyMarkup?: unknown;
  /** The text as a Telegram user sees it, after Markdown parsing. */
  text: string;
  entities: MarkdownEntity[];
  /** The text as sent. */
  source: string;
  /** Date.now() when it arrived. */
  at: number;
}

/** A message as the chat shows it now, after any edits. */
export interface ChatMessage {
  text: string;
  source: string;
  /** The buttons under it; undefined or an empty keyboard when there are none. */
  replyMarkup?: { inline_keyboard: { text: string; callback_data: string }[][] };
}

export interface CallbackAnswer {
  callbackQueryId: string;
  text: string | undefined;
}

export interface FakeTelegram {
  /** What the app's config.telegram should be to talk to this fake. */
  telegram: TelegramConfig;
  /** Every call but getUpdates (the long polls, which run all the time, are in `polls`). */
  requests: RecordedRequest[];
  polls: RecordedRequest[];
  delivered: DeliveredMessage[];
  /** Successful editMessageText / editMessageReplyMarkup calls, in order. */
  edits: RecordedRequest[];
  answers: CallbackAnswer[];
  /** The chat's messages by message_id, as they look after edits. */
  chat: Map<number, ChatMessage>;
  /** The webhook setWebhook set, if any; getUpdates answers 409 while one is set. */
  webhook: { url: string; secretToken: string | undefined } | undefined;
  /** The bot's username, as getMe answers it. */
  botUsername: string;
  /** Private chats that blocked the bot: a send there is refused with 403. */
  blocked: Set<string>;
  /** Queues an update for getUpdates (answering a waiting long poll at once); returns its update_id. */
  pushUpdate(update: Record<string, unknown>): number;
  /** An update for a message typed in `chatId` (the owner's chat unless given), of `type` (by the id's sign unless given). */
  textUpdate(text: string, chatId?: string, type?: 'private' | 'group' | 'supergroup'): Record<string, unknown>;
  /** An update for a press on a button under message `messageId` in `chatId`. */
  callbackUpdate(data: string, messageId: number, chatId?: string): Record<string, unknown>;
  /** While true, getUpdates answers 409 as when another program polls the same bot. */
  conflict: boolean;
  /** The most getUpdates calls that were open at one time. */
  maxOpenPolls(): number;
  /**
   * Requests still hanging as this server sees them. A client that gave up is counted until its
   * closed connection reaches the server: a test waits for 0 before a new answer could reach it.
   */
  hangingRequests(): number;
  /** How the fake answers from now on (first `ok`), hanging requests included (unless their client gave up). */
  answer(answer: FakeAnswer): void;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      data += chunk;
    });
    request.on('end', () => resolve(data));
    request.on('error', reject);
  });
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function fail(response: ServerResponse, status: number, description: string, retryAfter?: number): void {
  sendJson(response, status, {
    ok: false,
    error_code: status,
    description,
    ...(retryAfter === undefined ? {} : { parameters: { retry_after: retryAfter } }),
  });
}

/**
 * A Bot API stand-in on 127.0.0.1 (port 0) for one bot token and chat: it records every request
 * and, when told to answer `ok`, checks what Telegram checks (path, token, chat, Markdown, length).
 */
const BOT_USERNAME = 'pinjam_motor_test_bot';

export async function startFakeTelegram({ token = '123456:TEST-token_secret', chatId = '-100987654' } = {}): Promise<FakeTelegram> {
  const blocked = new Set<string>();
  // The owner's group, and any private chat (a positive id): a user who pressed Start in the bot.
  const reachable = (id: unknown) => String(id) === chatId || /^[1-9]\d{0,15}$/.test(String(id));
  const requests: RecordedRequest[] = [];
  const delivered: DeliveredMessage[] = [];
  let mode: FakeAnswer = { kind: 'ok' };
  let messageId = 0;
  const polls: RecordedRequest[] = [];
  const edits: RecordedRequest[] = [];
  const answers: CallbackAnswer[] = [];
  const chat = new Map<number, ChatMessage>();
  let webhook: FakeTelegram['webhook'];
  let conflict = false;
  let nextUpdateId = 500_000;
  let callbackId = 0;
  let queue: { update_id: number }[] = [];
  /** Long polls waiting for an update. */
  let waiting: (() => void)[] = [];
  let closed = false;
  let openPolls = 0;
  let maxOpenPolls = 0;

  function wakePolls(): void {
    const waiters = waiting;
    waiting = [];
    for (const wake of waiters) wake();
  }

  /** getUpdates as Telegram serves it: `offset` confirms every earlier update; with none queued it waits up to `timeout` seconds. */
  async function getUpdates(body: unknown, response: ServerResponse): Promise<void> {
    if (webhook)
      return fail(
        response,
        409,
        "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      );
    if (conflict)
      return fail(response, 409, 'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running');
    const { offset, timeout } = (typeof body === 'object' && body !== null ? body : {}) as { offset?: number; timeout?: number };
    if (typeof offset === 'number') queue = queue.filter((update) => update.update_id >= offset);
    if (queue.length === 0 && typeof timeout === 'number' && timeout > 0 && !closed) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeout * 1000);
        const wake = () => {
          clearTimeout(timer);
          resolve();
        };
        waiting.push(wake);
        response.once('close', wake);
      });
      if (typeof offset === 'number') queue = queue.filter((update) => update.update_id >= offset);
    }
    if (response.destroyed) return;
    sendJson(response, 200, { ok: true, result: queue });
  }

  function edit(path: string, body: unknown, response: ServerResponse): void {
    const call = (typeof body === 'object' && body !== null ? body : {}) as {
      chat_id?: unknown;
      message_id?: unknown;
      text?: unknown;
      parse_mode?: unknown;
      reply_markup?: ChatMessage['replyMarkup'];
    };
    if (!reachable(call.chat_id)) {
      fail(response, 400, 'Bad Request: chat not found');
      return;
    }
    const current = typeof call.message_id === 'number' ? chat.get(call.message_id) : undefined;
    if (!current) {
      fail(response, 400, 'Bad Request: message to edit not found');
      return;
    }
    const next: ChatMessage = { ...current, replyMarkup: call.reply_markup };
    if (path.endsWith('/editMessageText')) {
      if (typeof call.text !== 'string') {
        fail(response, 400, 'Bad Request: message text is empty');
        return;
      }
      try {
        next.text = call.parse_mode === 'Markdown' ? parseLegacyMarkdown(call.text).text : call.text;
      } catch (error) {
        fail(response, 400, `Bad Request: can't parse entities: ${(error as Error).message}`);
        return;
      }
      next.source = call.text;
    }
    const buttons = (markup: ChatMessage['replyMarkup']) => JSON.stringify(markup?.inline_keyboard ?? []);
    if (next.source === current.source && buttons(next.replyMarkup) === buttons(current.replyMarkup)) {
      fail(
        response,
        400,
        'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
      );
      return;
    }
    chat.set(call.message_id as number, next);
    edits.push({ method: 'POST', path, contentType: 'application/json', body });
    sendJson(response, 200, { ok: true, result: { message_id: call.message_id, chat: { id: Number(call.chat_id) }, text: next.text } });
  }
  /** Requests left hanging; they are answered as the next mode says. */
  let hanging: ((answer: FakeAnswer) => void)[] = [];

  async function respond(path: string, body: unknown, response: ServerResponse, answer: FakeAnswer): Promise<void> {
    if (answer.kind === 'hang') {
      const release = (next: FakeAnswer) => void respond(path, body, response, next);
      hanging.push(release);
      // A client that gave up is not answered later: its message was not delivered.
      response.once('close', () => {
        hanging = hanging.filter((waiting) => waiting !== release);
      });
      return;
    }
    if (answer.kind === 'error') return fail(response, answer.status, answer.description, answer.retryAfter);
    if (path === `/bot${token}/editMessageText` || path === `/bot${token}/editMessageReplyMarkup`) return edit(path, body, response);
    if (path !== `/bot${token}/sendMessage`) return fail(response, 404, 'Not Found');
    if (typeof body !== 'object' || body === null) return fail(response, 400, 'Bad Request: invalid request');
    const message = body as { chat_id?: unknown; text?: unknown; parse_mode?: unknown; reply_markup?: ChatMessage['replyMarkup'] };
    if (!reachable(message.chat_id)) return fail(response, 400, 'Bad Request: chat not found');
    if (blocked.has(String(message.chat_id))) return fail(response, 403, 'Forbidden: bot was blocked by the user');
    if (typeof message.text !== 'string' || message.text.trim() === '') return fail(response, 400, 'Bad Request: message text is empty');
    let parsed: { text: string; entities: MarkdownEntity[] } = { text: message.text, entities: [] };
    if (message.parse_mode === 'Markdown') {
      try {
        parsed = parseLegacyMarkdown(message.text);
      } catch (error) {
        return fail(response, 400, `Bad Request: can't parse entities: ${(error as Error).message}`);
      }
    }
    if (parsed.text.length > 4096) return fail(response, 400, 'Bad Request: message is too long');
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    messageId += 1;
    delivered.push({
      chatId: message.chat_id,
      messageId,
      text: parsed.text,
      entities: parsed.entities,
      source: message.text,
      at: Date.now(),
      ...(message.reply_markup === undefined ? {} : { replyMarkup: message.reply_markup }),
    });
    chat.set(messageId, { text: parsed.text, source: message.text, replyMarkup: message.reply_markup });
    sendJson(response, 200, { ok: true, result: { message_id: messageId, chat: { id: Number(message.chat_id) }, text: parsed.text } });
  }

  const server = createServer(async (request, response) => {
    const raw = await readBody(request);
    let body: unknown = raw;
    try {
      body = JSON.parse(raw);
    } catch {
      // recorded as text
    }
    const path = request.url ?? '';
    const recorded = { method: request.method ?? '', path, contentType: request.headers['content-type'], body };
    if (path === `/bot${token}/getUpdates`) {
      polls.push(recorded);
      openPolls += 1;
      maxOpenPolls = Math.max(maxOpenPolls, openPolls);
      try {
        return await getUpdates(body, response);
      } finally {
        openPolls -= 1;
      }
    }
    requests.push(recorded);
    if (path === `/bot${token}/answerCallbackQuery`) {
      const answer = body as { callback_query_id?: unknown; text?: unknown };
      if (typeof answer.callback_query_id !== 'string')
        return fail(response, 400, 'Bad Request: query is too old and response timeout expired or query ID is invalid');
      answers.push({ callbackQueryId: answer.callback_query_id, text: typeof answer.text === 'string' ? answer.text : undefined });
      return sendJson(response, 200, { ok: true, result: true });
    }
    if (path === `/bot${token}/getMe`) {
      return sendJson(response, 200, {
        ok: true,
        result: { id: 123456, is_bot: true, first_name: 'Pinjam Motor', username: BOT_USERNAME },
      });
    }
    if (path === `/bot${token}/setWebhook`) {
      const hook = body as { url?: unknown; secret_token?: unknown };
      if (typeof hook.url !== 'string' || !hook.url.startsWith('https://'))
        return fail(response, 400, 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook');
      webhook = { url: hook.url, secretToken: typeof hook.secret_token === 'string' ? hook.secret_token : undefined };
      return sendJson(response, 200, { ok: true, result: true, description: 'Webhook was set' });
    }
    await respond(path, request.method === 'POST' ? body : undefined, response, mode);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    telegram: { token, chatId, apiUrl: `http://127.0.0.1:${port}` },
    requests,
    polls,
    delivered,
    edits,
    answers,
    chat,
    botUsername: BOT_USERNAME,
    blocked,
    get webhook() {
      return webhook;
    },
    get conflict() {
      return conflict;
    },
    set conflict(value: boolean) {
      conflict = value;
    },
    maxOpenPolls: () => maxOpenPolls,
    pushUpdate: (update) => {
      nextUpdateId += 1;
      queue.push({ ...update, update_id: nextUpdateId });
      wakePolls();
      return nextUpdateId;
    },
    // Telegram's private chats are users (positive ids); groups have negative ids.
    textUpdate: (text, fromChat = chatId, type = fromChat.startsWith('-') ? 'group' : 'private') => ({
      message: {
        message_id: 9000 + nextUpdateId,
        date: 0,
        chat: { id: Number(fromChat), type },
        from: { id: Number(fromChat) },
        text,
      },
    }),
    callbackUpdate: (data, pressedMessageId, fromChat = chatId) => {
      callbackId += 1;
      return {
        callback_query: {
          id: `cbq-${callbackId}`,
          from: { id: 42 },
          chat_instance: 'x',
          data,
          message: {
            message_id: pressedMessageId,
            date: 0,
            chat: { id: Number(fromChat), type: fromChat.startsWith('-') ? 'group' : 'private' },
          },
        },
      };
    },
    hangingRequests: () => hanging.length,
    answer: (answer) => {
      mode = answer;
      const waiting = hanging;
      hanging = [];
      for (const release of waiting) release(answer);
    },
    close: async () => {
      closed = true;
      wakePolls();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
