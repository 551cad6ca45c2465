import type { Db } from '../../../db/database';
import type { HandoverKeyboard } from '../../../domain/chat/owner-bot';

export interface BotAnswer {
  text: string;
  /** Buttons under the owner's reply; a borrower's chat gets the text alone. */
  keyboard?: HandoverKeyboard;
}

/** A chat's message, as every handler of one chat sees it. */
export interface ChatMessage {
  /** `update:{update_id}`: everything a handler queues under it is sent once, however often the update comes. */
  updateKey: string;
  chatId: string;
  /** The whole text; `argument` is what follows the command. */
  text: string;
  argument: string;
  replyTo: number | undefined;
  /** In an owner's chat: whose bikes it acts on; undefined in a borrower's. */
  owner?: OwnerScope;
  /** Queues the answer in the chat the message came from, once per update; `at` is its time in the outbox. */
  reply(answer: BotAnswer, at: Date): Promise<void>;
}

export type CommandHandler = (message: ChatMessage) => Promise<void>;

export interface ButtonPress {
  updateKey: string;
  chatId: string;
  messageId: number;
  owner?: OwnerScope;
}

/** An owner's chat (0060): `chatId` null is `TELEGRAM_CHAT_ID`, whose bikes are those without a linked chat of their own. */
export interface OwnerScope {
  chatId: string | null;
  /** Inactive ones too: their loans may still be out. */
  bikes: { id: number; name: string; active: boolean }[];
}

/** Bikes' owners in private chats: who owns what, and `/start {code}` with a bike's owner code. */
export interface OwnerChats {
  scopeOf(chatId: string | null): Promise<OwnerScope | undefined>;
  /** False when the argument is no owner code: the borrowers' `/start` answers it. */
  start(message: ChatMessage): Promise<boolean>;
}

/** One kind of button: its callback data's parser, and the press's handler, which returns the answer the press shows. */
export interface ButtonRoute<T> {
  parse(data: string): T | undefined;
  press(parsed: T, press: ButtonPress): Promise<string | undefined>;
}

/** Builds a route with its parsed type checked, so a table can hold routes of different types. */
export function buttonRoute<T>(parse: (data: string) => T | undefined, press: ButtonRoute<T>['press']): ButtonRoute<unknown> {
  return { parse, press };
}

export interface ChatRoutes {
  /** By command, lower case and without `@bot`. */
  commands: Readonly<Record<string, CommandHandler>>;
  /** Any other command, mistyped ones too. */
  otherCommand: CommandHandler;
  /** A message that is no command; none: such talk gets no answer. */
  text?: CommandHandler;
  buttons: readonly ButtonRoute<unknown>[];
}

/** What the bot hears: the owner's chat, and borrowers' private chats. Each feature gives its own entries (app.ts puts them together). */
export interface BotRoutes {
  owner: ChatRoutes;
  bikeOwner: ChatRoutes;
  borrower: ChatRoutes;
  owners: OwnerChats;
}

/** The command a message starts with (`/jadwal@bot` is `/jadwal`); empty when it starts with none. */
export function commandOf(text: string): { command: string; argument: string } {
  const command = text.trim().split(/\s+/)[0]?.replace(/@.*$/, '').toLowerCase() ?? '';
  return command.startsWith('/') ? { command, argument: text.trim().replace(/^\S+\s*/, '') } : { command: '', argument: '' };
}

export interface BotDeps {
  db: Db;
  now: () => Date;
  timeZone: string;
  graceMinutes: number;
}
