import type { TelegramConfig } from '../../config';
import { callTelegram, type SendOutcome } from '../bot-api';
import type { TelegramCall } from './kinds';

export function makeCall(
  telegram: TelegramConfig,
  chatId: string,
  call: TelegramCall,
  options: { timeoutMs: number; signal: AbortSignal },
): Promise<SendOutcome> {
  const chat = { chat_id: chatId };
  // A reason may carry a link: the owner's chat shows none of its previews.
  const text = (body: string) => ({ text: body, parse_mode: 'Markdown', link_preview_options: { is_disabled: true } });
  const markup = 'replyMarkup' in call && call.replyMarkup ? { reply_markup: call.replyMarkup } : {};
  if (call.method === 'sendMessage') {
    return callTelegram(telegram, call.method, { ...chat, ...text(call.text), ...markup }, options);
  }
  if (call.method === 'editMessageText') {
    return callTelegram(telegram, call.method, { ...chat, message_id: call.messageId, ...text(call.text), ...markup }, options);
  }
  return callTelegram(telegram, call.method, { ...chat, message_id: call.messageId, ...markup }, options);
}

export function sentMessage(result: unknown): { chatId: string; messageId: number } | undefined {
  const message = result as { message_id?: unknown; chat?: { id?: unknown } } | null;
  if (typeof message?.message_id !== 'number' || message.chat?.id === undefined) return undefined;
  return { chatId: String(message.chat.id), messageId: message.message_id };
}
