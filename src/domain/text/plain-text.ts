import { z } from 'zod';
import { messages } from './messages';

// PostgreSQL refuses NUL in text, and no control character but tab and newline belongs in a form field.
const FORBIDDEN_CONTROL = /(?![\t\n])\p{Cc}/u;

export function hasControlCharacter(text: string): boolean {
  return FORBIDDEN_CONTROL.test(text);
}

/** A name or a class is one line: no control character at all, tab and newline included. */
export function hasLineBreakOrControl(text: string): boolean {
  return /\p{Cc}/u.test(text);
}

/** Every free-text field of a schema starts here, so none reaches the database with a control character. */
export function plainText(label: string, params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !hasControlCharacter(value), { error: messages.controlCharacter(label) });
}
