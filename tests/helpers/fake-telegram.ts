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
  /** The text as a Telegram user sees it, after Markdown parsing. */
  text: string;
  entities: MarkdownEntity[];
  /** The text as sent. */
  source: string;
}

export interface FakeTelegram {
  /** What the app's config.telegram should be to talk to this fake. */
  telegram: TelegramConfig;
  requests: RecordedRequest[];
  delivered: DeliveredMessage[];
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
export async function startFakeTelegram({ token = '123456:TEST-token_secret', chatId = '-100987654' } = {}): Promise<FakeTelegram> {
  const requests: RecordedRequest[] = [];
  const delivered: DeliveredMessage[] = [];
  let mode: FakeAnswer = { kind: 'ok' };
  let messageId = 0;
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
    if (path !== `/bot${token}/sendMessage`) return fail(response, 404, 'Not Found');
    if (typeof body !== 'object' || body === null) return fail(response, 400, 'Bad Request: invalid request');
    const message = body as { chat_id?: unknown; text?: unknown; parse_mode?: unknown };
    if (String(message.chat_id) !== chatId) return fail(response, 400, 'Bad Request: chat not found');
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
    delivered.push({ chatId: message.chat_id, text: parsed.text, entities: parsed.entities, source: message.text });
    messageId += 1;
    sendJson(response, 200, { ok: true, result: { message_id: messageId, chat: { id: Number(chatId) }, text: parsed.text } });
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
    requests.push({ method: request.method ?? '', path, contentType: request.headers['content-type'], body });
    await respond(path, request.method === 'POST' ? body : undefined, response, mode);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    telegram: { token, chatId, apiUrl: `http://127.0.0.1:${port}` },
    requests,
    delivered,
    answer: (answer) => {
      mode = answer;
      const waiting = hanging;
      hanging = [];
      for (const release of waiting) release(answer);
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
