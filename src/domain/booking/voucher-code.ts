import { randomCode } from '../text/random-code';

export const VOUCHER_PREFIX = 'VCH-';

// Without the look-alikes 0/O and 1/I, so a code read off a screen or a chat is typed right.
export const VOUCHER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

// Older codes may hold 0, O, 1 or I.
export const VOUCHER_CODE_PATTERN = /^VCH-[A-Z0-9]{6}$/;

const CODE_AMONG_WORDS = /(^|[^A-Z0-9])VCH-[A-Z0-9]{6}($|[^A-Z0-9])/;

export function makeVoucherCode(randomBytes: (size: number) => Uint8Array): string {
  return VOUCHER_PREFIX + randomCode(VOUCHER_ALPHABET, 6, randomBytes);
}

export function normalizeVoucherCode(reason: string): string {
  return reason.trim().toUpperCase();
}

/** In any letter case. Such a reason is never saved as a reason: it spends its voucher or is refused. */
export function looksLikeVoucherCode(reason: string): boolean {
  return VOUCHER_CODE_PATTERN.test(normalizeVoucherCode(reason));
}

/** A code with words around it: saved as an ordinary reason (0006), so the form says how to spend it. */
export function holdsVoucherCodeAmongWords(reason: string): boolean {
  return !looksLikeVoucherCode(reason) && CODE_AMONG_WORDS.test(normalizeVoucherCode(reason));
}
