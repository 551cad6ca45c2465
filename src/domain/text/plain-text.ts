import { z } from 'zod';
import { messages } from './messages';

// PostgreSQL refuses NUL in text, and no control character but tab and newline belongs in a form field.
const FORBIDDEN_CONTROL = /(?![\t\n])\p{Cc}/u;
// Zero-width marks, bidi embeddings, overrides and isolates, and the BOM: unseen, they hide or reorder a text
// in Telegram, the admin screens and the CSV (issue 40).
const INVISIBLE_FORMAT = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/u;

export function hasControlCharacter(text: string): boolean {
  return FORBIDDEN_CONTROL.test(text) || INVISIBLE_FORMAT.test(text);
}

/** A name or a class is one line: no control character at all, tab and newline included. */
export function hasLineBreakOrControl(text: string): boolean {
  return /\p{Cc}/u.test(text) || INVISIBLE_FORMAT.test(text);
}

/** Every free-text field of a schema starts here, so none reaches the database with a control or invisible format character. */
export function plainText(label: string, params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !hasControlCharacter(value), { error: messages.controlCharacter(label) });
}

/** A file pasted or uploaded as text: its leading byte order mark is the file's, not the text's, so it is dropped before the check. */
export function withoutByteOrderMark(value: unknown): unknown {
  return typeof value === 'string' ? value.replace(/^\uFEFF/, '') : value;
}
