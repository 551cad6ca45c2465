import { z } from 'zod';
import { messages } from './messages';

/** Control characters other than tab and newline: PostgreSQL refuses NUL in text, and none belongs in a form field. */
const FORBIDDEN_CONTROL = /(?![\t\n])\p{Cc}/u;

/** True when `text` holds a control character other than tab and newline. */
export function hasControlCharacter(text: string): boolean {
  return FORBIDDEN_CONTROL.test(text);
}

/**
 * A text field of a request body: a string that holds no control character other than tab and
 * newline. Every free-text field of a schema starts here, so none reaches the database with one.
 */
export function plainText(label: string, params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !hasControlCharacter(value), { error: messages.controlCharacter(label) });
}
